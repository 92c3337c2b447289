import { type Decider, DomainError } from '../decider.ts';
import type { EvidenceEvent, EvidenceFile } from './events.ts';
import { PROVENANCE_MESSAGES } from './schemas.ts';

/** Sent to stream `evidence-{evidenceId}` once the file is stored under its private key. */
export type EvidenceCommand = { type: 'RecordEvidence'; upload: EvidenceEvent['data'] };

export type EvidenceState = EvidenceEvent['data'] | null;

export const evidenceDecider: Decider<EvidenceCommand, EvidenceState, EvidenceEvent> = {
  initialState: null,
  evolve: (_, { data }) => data,
  decide({ upload }, state) {
    if (state) throw new DomainError('evidence_exists', PROVENANCE_MESSAGES.evidenceExists, 'conflict');
    return [{ type: 'EvidenceUploaded', data: upload }];
  },
};

/** The file as a certificate lists it. */
export const evidenceFile = ({ evidenceId, name, contentType, size }: EvidenceEvent['data']): EvidenceFile => ({
  evidenceId,
  name,
  contentType,
  size,
});
