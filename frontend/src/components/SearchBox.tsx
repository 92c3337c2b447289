import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId } from 'react';
import { useLocation } from 'wouter';
import { Icon } from './Icon.tsx';

/** Product search: goes to /products?q=<text>, where the products screen reads it. */
export function SearchBox({ className = '', onSearch }: { className?: string; onSearch?: () => void }) {
  const [, navigate] = useLocation();
  const id = useId();
  const { t } = useLingui();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    navigate(text ? `/products?q=${encodeURIComponent(text)}` : '/products');
    onSearch?.();
  }

  return (
    <form noValidate role="search" className={className} onSubmit={submit}>
      <label htmlFor={id} className="sr-only">
        <Trans>Search products</Trans>
      </label>
      <div className="input w-full">
        <Icon name="search" className="size-4 opacity-70" />
        <input id={id} type="search" name="q" className="grow" placeholder={t`Search authentic Indian products...`} />
      </div>
    </form>
  );
}
