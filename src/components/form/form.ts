// The forms work before their island hydrates (src/page-runtime/README.md): a submission is held
// and replayed once the island adopted what was typed, or posted natively without the island.
import { useStore } from '@nanostores/react';
import { useId, type SubmitEvent } from 'react';
import { useIslandForm } from '../../page-runtime/use-island-form';
import type { FormValues, SubmittedForm } from './form-store';

export { fieldErrors, typedBeforeHydration, type FieldErrors } from './form-store';

export function useSubmittedForm<V extends FormValues & Record<string, string>>(
  store: SubmittedForm<V>,
  idPrefix: string,
) {
  const uid = useId();
  const id = (name: string) => `${idPrefix}-${name}-${uid}`;
  const values = useStore(store.$values);
  const errors = useStore(store.$errors);
  const sending = useStore(store.$sending);
  const website = useStore(store.$website);
  const island = useIslandForm(store.adoptFrom);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = await store.submit();
    if (typeof outcome === 'object') document.getElementById(id(outcome.invalid))?.focus();
  }

  const field = (name: keyof V & string) => ({
    id: id(name),
    name,
    value: values[name],
    error: errors[name],
    onChange: (v: string) => store.setField(name, v as V[typeof name]),
  });

  const honeypot = { id: id('website'), value: website, onChange: store.setWebsite };

  const form = { ...island.props, noValidate: true, onSubmit };

  return { values, field, honeypot, form, sending };
}
