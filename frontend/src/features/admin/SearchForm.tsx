import { Trans } from '@lingui/react/macro';
import { type FormEvent, useId } from 'react';
import { Icon } from '../../components/Icon.tsx';

interface SearchFormProps {
  label: string;
  placeholder: string;
  /** The search in force (the form starts from it). */
  value: string;
  onSearch: (text: string) => void;
}

/** A labelled search field; submitting searches, an empty search shows everything. */
export function SearchForm({ label, placeholder, value, onSearch }: SearchFormProps) {
  const id = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim());
  }

  return (
    <form noValidate role="search" className="flex max-w-xl gap-2" onSubmit={submit}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="input flex-1">
        <Icon name="search" className="size-4 opacity-70" />
        <input id={id} type="search" name="q" className="grow" placeholder={placeholder} defaultValue={value} />
      </div>
      <button type="submit" className="btn btn-primary">
        <Trans>Search</Trans>
      </button>
    </form>
  );
}
