import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { stateByCode } from '../../../../../domain/tax/states.ts';
import { server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { formatDateTime } from '../../../format.ts';
import { session } from '../../../state/session.ts';
import type { TaxProfile } from '../types.ts';
import { TaxProfileForm } from './TaxProfileForm.tsx';

/** The state of a profile's place of business, named with its GST code. */
const stateOf = ({ stateCode }: TaxProfile) =>
  `${stateByCode(stateCode)?.name ?? i18n._(msg`Unknown state`)} (${stateCode})`;

const placeOf = (profile: TaxProfile): string => {
  const { address, city, pincode } = profile.address;
  return `${address}, ${city}, ${stateOf(profile)} ${pincode}`;
};

/** What a version of the profile says, in lines: who, the GST number, where (read at render, in the language on screen). */
function profileLines(profile: TaxProfile): string[] {
  const { legalName, tradeName, pan } = profile;
  const who = tradeName ? i18n._(msg`${legalName}, trading as ${tradeName}`) : legalName;
  if (profile.registered) return [who, `GSTIN ${profile.gstin} · PAN ${pan}`, placeOf(profile)];
  const { enrolmentNumber } = profile;
  return [
    who,
    i18n._(msg`Not registered for GST · Enrolment number ${enrolmentNumber} · PAN ${pan}`),
    placeOf(profile),
  ];
}

/**
 * The seller's tax profile: who they are for GST, the form to set it, and its earlier versions.
 * Buyers never see it; until it is set, the section asks for it.
 */
export function TaxProfileSection({ className = '' }: { className?: string }) {
  useSignals();
  const { t } = useLingui();
  // The seller panel shows only to a signed-in seller.
  const id = encodeURIComponent(session.value!.id);
  const current = useApiGet(
    (options) => server.sellers[':id']['tax-profile'].$get({ param: { id } }, options),
    [id],
    t`Failed to load your tax profile`,
  );
  const history = useApiGet(
    (options) => server.sellers[':id']['tax-profile'].history.$get({ param: { id } }, options),
    [id],
    t`Failed to load your tax profile’s versions`,
  );
  const [editing, setEditing] = useState(false);

  async function saved(position: number) {
    await Promise.all([current.reload(position), history.reload(position)]);
    setEditing(false);
  }

  const profile = current.data?.taxProfile ?? null;
  const stateName = profile ? stateByCode(profile.stateCode)?.name : undefined;
  const earlierCount = (history.data?.items.length ?? 1) - 1;
  return (
    <section id="tax-profile" aria-labelledby="tax-profile-title" className={className}>
      <div className="mb-4">
        <h2 id="tax-profile-title" className="text-xl font-semibold">
          <Trans>Tax Profile</Trans>
        </h2>
        <p className="text-base-content/80">
          <Trans>Who you are for GST. Only you and the MIBI admins see it.</Trans>
        </p>
      </div>
      {current.loading ? (
        <Skeleton className="h-40 rounded-box" />
      ) : current.failed ? (
        <LoadFailed what={t`your tax profile`} onRetry={() => void current.reload()} />
      ) : editing ? (
        <TaxProfileForm
          sellerId={session.value!.id}
          profile={profile}
          onSaved={saved}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="card border border-base-300 p-6">
          {profile ? (
            <>
              {profileLines(profile).map((line) => (
                <p key={line} className="first:text-lg first:font-semibold" dir="auto">
                  {line}
                </p>
              ))}
              {!profile.registered && (
                <p className="mt-2 text-sm text-base-content/80">
                  <Trans>You can sell only to buyers in {stateName}.</Trans>
                </p>
              )}
            </>
          ) : (
            <Alert tone="info">
              <Trans>
                Set your tax profile: your legal name, PAN, place of business and GSTIN (or the enrolment number if you
                are not registered for GST).
              </Trans>
            </Alert>
          )}
          <div className="mt-4">
            <button type="button" className="btn btn-outline btn-primary" onClick={() => setEditing(true)}>
              <Icon name="pencil" className="size-4" /> {profile ? t`Edit Tax Profile` : t`Set Tax Profile`}
            </button>
          </div>
        </div>
      )}
      {history.data && history.data.items.length > 1 && (
        <details className="mt-4">
          <summary className="cursor-pointer font-medium">
            <Trans>Earlier versions ({earlierCount})</Trans>
          </summary>
          <ol className="mt-2 space-y-3">
            {history.data.items.slice(1).map((version) => (
              <li key={version.version} className="rounded-box border border-base-300 p-3 text-sm">
                <p className="font-medium">
                  <VersionHeading version={version.version} at={version.at} />
                </p>
                {profileLines(version).map((line) => (
                  <p key={line} className="mt-1 text-base-content/80" dir="auto">
                    {line}
                  </p>
                ))}
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}

/** "Version 2, 5 Mar 2025, 4:30 pm" */
function VersionHeading({ version, at }: { version: number; at: string }) {
  const when = formatDateTime(at);
  return (
    <Trans>
      Version {version}, {when}
    </Trans>
  );
}
