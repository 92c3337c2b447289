import type { MessageDescriptor } from '@lingui/core';
import { msg, ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { CERTIFICATE_KINDS, type CertificateKind } from '../../../../../domain/provenance/events.ts';
import type { CertificateInput } from '../../../../../domain/provenance/schemas.ts';
import { call, server } from '../../../api/client.ts';
import { ChoiceField, Field, SelectField } from '../../../components/Field.tsx';
import { useForm } from '../../../forms.ts';
import { toast } from '../../../state/toasts.ts';
import { certificateFormSchema } from './certificateForm.ts';
import { fileText } from './EvidenceLinks.tsx';
import { CERTIFICATE_KIND_LABELS } from '../../provenance/index.ts';
import type { EvidenceFile } from './types.ts';

/** The title's label for the kinds that have one: the GI's name, or the mark's. */
const TITLE_LABELS: Partial<Record<CertificateKind, MessageDescriptor>> = {
  'gi-authorised-user': msg`GI name (as registered)`,
  other: msg`Name of the mark or certificate`,
};

const SCOPES = [
  { value: 'seller', label: msg`My business (every product I sell)` },
  { value: 'product', label: msg`One product` },
  { value: 'lot', label: msg`A lot of one product` },
] as const;
type ScopeKind = (typeof SCOPES)[number]['value'];

const MAX_EVIDENCE = 5;

interface CertificateFormProps {
  /** The seller's products, for a product or lot scope. */
  products: ReadonlyArray<{ id: string; name: string }>;
  /** After the submission, with the log position it reached. */
  onSaved: (position: number) => Promise<void>;
  onCancel: () => void;
}

/** Submit a certificate: its details, what it covers, and its evidence (uploaded as each file is chosen). */
export function CertificateForm({ products, onSaved, onCancel }: CertificateFormProps) {
  const { t } = useLingui();
  const [kind, setKind] = useState<CertificateKind | ''>('');
  const [scope, setScope] = useState<ScopeKind>('seller');
  const [evidence, setEvidence] = useState<EvidenceFile[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  async function submit(fields: CertificateInput) {
    const { position } = await call(server.seller.certificates.$post({ json: fields }));
    toast({
      title: t`Certificate submitted`,
      description: t`An admin checks it; its badge shows once it is verified.`,
    });
    await onSaved(position);
  }

  const { errors, busy, onSubmit } = useForm(certificateFormSchema, submit, t`Error submitting certificate`, () => ({
    evidenceIds: evidence.map((file) => file.evidenceId),
  }));
  const titleLabel = kind ? TITLE_LABELS[kind] : undefined;

  return (
    <section aria-labelledby="certificate-form-title" className="card border border-base-300 p-6">
      <h2 id="certificate-form-title" ref={heading} tabIndex={-1} className="mb-4 text-xl font-semibold outline-none">
        <Trans>Submit Certificate</Trans>
      </h2>
      <form onSubmit={onSubmit} noValidate className="grid gap-x-6 md:grid-cols-2">
        <ChoiceField
          label={t`Kind of certificate`}
          name="kind"
          choices={CERTIFICATE_KINDS}
          labelOf={(choice) => t(CERTIFICATE_KIND_LABELS[choice])}
          value={kind}
          onChange={(event) => setKind(event.target.value as CertificateKind)}
          error={errors.kind}
        />
        {titleLabel ? (
          <Field key={kind} label={t(titleLabel)} name="title" maxLength={200} required error={errors.title} />
        ) : (
          <input type="hidden" name="title" value="" />
        )}
        <Field
          label={t`Certificate or registration number`}
          name="number"
          maxLength={60}
          required
          error={errors.number}
          className="md:col-start-1"
        />
        <Field
          label={t`Issuer`}
          name="issuer"
          maxLength={200}
          placeholder={t`Textiles Committee`}
          required
          error={errors.issuer}
        />
        <Field label={t`Valid from`} name="validFrom" type="date" required error={errors.validFrom} />
        <Field label={t`Valid until`} name="validUntil" type="date" required error={errors.validUntil} />
        <SelectField
          label={t`What it covers`}
          name="scopeKind"
          value={scope}
          onChange={(event) => setScope(event.target.value as ScopeKind)}
          error={errors['scope.kind']}
        >
          {SCOPES.map(({ value, label }) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </SelectField>
        {scope !== 'seller' && (
          <SelectField label={t`Product`} name="productId" defaultValue="" error={errors['scope.productId']}>
            <option value="" disabled>
              <Trans>Choose one of your products</Trans>
            </option>
            {products.map((product) => (
              <option key={product.id} value={product.id} dir="auto">
                {product.name}
              </option>
            ))}
          </SelectField>
        )}
        {scope === 'lot' && <Field label={t`Lot`} name="lot" maxLength={60} required error={errors['scope.lot']} />}
        <EvidencePicker files={evidence} onChange={setEvidence} error={errors.evidenceIds} />
        <div className="mt-2 flex flex-wrap gap-3 md:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t`Submitting...` : t`Submit Certificate`}
          </button>
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </section>
  );
}

/** The evidence: each file chosen is uploaded at once to the private evidence store, then listed with a way to leave it out. */
function EvidencePicker({
  files,
  onChange,
  error,
}: {
  files: readonly EvidenceFile[];
  onChange: (files: EvidenceFile[]) => void;
  error: string | undefined;
}) {
  const { t } = useLingui();
  const inputId = useId();
  const [uploading, setUploading] = useState(false);

  async function upload(chosen: FileList | null, input: HTMLInputElement) {
    if (!chosen || chosen.length === 0) return;
    setUploading(true);
    const stored = [...files];
    try {
      for (const file of Array.from(chosen).slice(0, MAX_EVIDENCE - files.length))
        stored.push(await call(server.seller.evidence.$post({ form: { file } })));
    } catch (failure) {
      toast({ title: t`Error uploading evidence`, description: (failure as Error).message, tone: 'error' });
    } finally {
      onChange(stored);
      setUploading(false);
      input.value = '';
    }
  }

  return (
    <div className="md:col-span-2">
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
        <Trans>Evidence: a scan, photo or PDF of the certificate (up to {MAX_EVIDENCE} files, 10 MB each)</Trans>
      </label>
      {files.length > 0 && (
        <ul className="mb-2 space-y-1" aria-label={t`Evidence attached`}>
          {files.map((file) => (
            <li key={file.evidenceId} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="break-all" dir="auto">
                {file.name}
              </span>
              <span className="text-base-content/80">({fileText(file)})</span>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                aria-label={t`Remove ${ph({ fileName: file.name })}`}
                onClick={() => onChange(files.filter((other) => other !== file))}
              >
                <Trans>Remove</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={inputId}
        name="evidenceIds"
        type="file"
        multiple
        accept="application/pdf,image/png,image/jpeg,image/webp,image/gif"
        className={`file-input file-input-bordered ${error ? 'file-input-error' : ''}`}
        disabled={uploading || files.length >= MAX_EVIDENCE}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        onChange={(event) => void upload(event.target.files, event.currentTarget)}
      />
      {uploading && (
        <span className="ml-2 text-sm">
          <Trans>Uploading...</Trans>
        </span>
      )}
      <p id={`${inputId}-error`} className="min-h-5 pt-0.5 text-sm text-error">
        {error}
      </p>
    </div>
  );
}
