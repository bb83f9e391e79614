import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '@web/test/render';
import { serveApi } from '@web/test/api';
import { DatabaseSchemaPage } from './database-schema-page';

const SCHEMA = {
  tables: [
    {
      name: 'users',
      columns: [
        { name: 'id', dataType: 'uuid', nullable: false, default: 'gen_random_uuid()' },
        { name: 'npi_number', dataType: 'varchar(10)', nullable: true, default: null },
      ],
    },
    { name: 'hospitals', columns: [{ name: 'name', dataType: 'text', nullable: false, default: null }] },
  ],
};

describe('DatabaseSchemaPage', () => {
  it('lists the tables collapsed, sorted by name, and opens one on request', async () => {
    serveApi({ '/api/system/schema': { body: SCHEMA } });
    renderAt('/database-schema', <DatabaseSchemaPage />);

    const tables = await screen.findAllByRole('button', { expanded: false });
    expect(tables.map((button) => button.textContent)).toEqual(['hospitals1 column', 'users2 columns']);
    expect(screen.queryByRole('table')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /users/ }));
    expect(screen.getByRole('table', { name: 'Columns of users' })).toBeDefined();
    expect(screen.getByRole('rowheader', { name: 'npi_number' })).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(screen.getAllByRole('table')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(screen.queryAllByRole('table')).toHaveLength(0);
  });

  it('searches table and column names', async () => {
    serveApi({ '/api/system/schema': { body: SCHEMA } });
    renderAt('/database-schema', <DatabaseSchemaPage />);
    await screen.findByRole('button', { name: /hospitals/ });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search tables and columns' }), { target: { value: 'npi' } });
    await waitFor(() => expect(screen.queryByRole('button', { name: /hospitals/ })).toBeNull());
    expect(screen.getByRole('rowheader', { name: 'npi_number' })).toBeDefined();
    expect(screen.queryByRole('rowheader', { name: 'id' })).toBeNull();
  });

  it('explains that only system administrators may see the schema', async () => {
    serveApi({ '/api/system/schema': { status: 403, body: { error: { code: 'FORBIDDEN', message: 'No' } } } });
    renderAt('/database-schema', <DatabaseSchemaPage />);
    expect(await screen.findByRole('heading', { name: 'System administrators only' })).toBeDefined();
  });
});
