import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { Icon } from '../../../components/ui/Icon';
import { ClientRequests } from '../inbox/ClientRequests';
import { Modal } from '../shell/Modal';
import {
  $erasure,
  $person,
  $personError,
  erasePerson,
  exportPerson,
  findPerson,
} from './people.store';

const tableName = (table: string) => table.replace(/_/g, ' ');

function Counts({ caption, counts }: { caption: string; counts: Record<string, number> }) {
  const rows = Object.entries(counts).filter(([, n]) => n > 0);
  if (!rows.length) return <p>Nothing is stored about this address.</p>;
  return (
    <table className="admin-table admin-person__counts">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Where</th>
          <th scope="col">Rows</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([table, n]) => (
          <tr key={table}>
            <th scope="row">{tableName(table)}</th>
            <td>{n}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function EraseDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const error = useStore($personError);
  const { busy } = useStore($erasure);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const done = await erasePerson(email, String(new FormData(event.currentTarget).get('confirm')));
    if (done) onClose();
  };
  return (
    <Modal title="Erase this person’s data" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <p>
          Every row about <strong>{email}</strong> is deleted, or anonymised where the accounting
          period keeps the record (orders keep their amounts and dates without the person); their
          logos, payment customer and GoHighLevel account go too. This cannot be undone.
        </p>
        <div className="field">
          <label htmlFor="admin-erase-confirm">Type the address again to confirm</label>
          <input
            id="admin-erase-confirm"
            name="confirm"
            type="email"
            autoComplete="off"
            required
            aria-describedby="admin-erase-error"
          />
        </div>
        <div role="alert" id="admin-erase-error" className="field-error admin-login__error">
          {error}
        </div>
        <div className="btn-row">
          <button className="btn btn--danger" type="submit" disabled={busy}>
            Erase everything
          </button>
          <button className="btn btn--ghost" type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function PersonView() {
  const person = useStore($person);
  const error = useStore($personError);
  const [erasing, setErasing] = useState(false);
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void findPerson(String(new FormData(event.currentTarget).get('email') ?? ''));
  };
  return (
    <div className="admin-person">
      <ClientRequests />
      <h3>Find a person</h3>
      <form className="admin-person__search" onSubmit={onSearch} noValidate>
        <div className="field">
          <label htmlFor="admin-person-email">E-mail address</label>
          <input id="admin-person-email" name="email" type="email" autoComplete="off" required />
        </div>
        <button className="btn btn--sm" type="submit">
          <Icon name="search" /> Find
        </button>
      </form>
      {!erasing && error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div role="status" className="admin-person__status">
        {person.state === 'loading' && 'Looking…'}
        {person.state === 'erased' &&
          `Erased: ${Object.values(person.result.counts).reduce((a, b) => a + b, 0)} rows and files about ${person.email}.`}
      </div>
      {person.state === 'found' && (
        <section aria-labelledby="admin-person-title">
          <h3 id="admin-person-title">{person.person.email}</h3>
          <Counts
            caption="What is stored"
            counts={{
              ...person.person.counts,
              ...(person.person.logos ? { logos: person.person.logos } : {}),
            }}
          />
          <div className="btn-row">
            <button
              className="btn btn--outline btn--sm"
              type="button"
              onClick={() => void exportPerson(person.person.email)}
            >
              <Icon name="download" /> Export as JSON
            </button>
            <button
              className="btn btn--danger btn--sm"
              type="button"
              onClick={() => setErasing(true)}
            >
              Erase everything
            </button>
          </div>
          {erasing && <EraseDialog email={person.person.email} onClose={() => setErasing(false)} />}
        </section>
      )}
      {person.state === 'erased' && (
        <Counts caption="What was erased" counts={person.result.counts} />
      )}
    </div>
  );
}
