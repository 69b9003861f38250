import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { permissions, rolePermissions, shopRoles } from './permissions';

/** The rows of the roles table in docs/security.md ("Staff and roles"): permission → roles ticked. */
function documentedTable(): Map<string, string[]> {
  const text = readFileSync(new URL('../docs/security.md', import.meta.url), 'utf8');
  const section = text.slice(text.indexOf('## Staff and roles'));
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const cells = /^\| `([a-z_.]+)` \|/.test(line) ? line.split('|').slice(1, -1).map((cell) => cell.trim()) : null;
    if (!cells) continue;
    const [permission, , cashier, manager, owner] = cells;
    const roles = [['cashier', cashier], ['manager', manager], ['owner', owner]].filter(([, mark]) => mark === '✓').map(([role]) => role!);
    rows.set(permission!.replaceAll('`', ''), roles);
  }
  return rows;
}

describe('roles and permissions', () => {
  it('are the table docs/security.md shows, row for row', () => {
    const table = documentedTable();
    expect([...table.keys()]).toEqual([...permissions]);
    for (const permission of permissions) {
      const holders = shopRoles.filter((role) => rolePermissions[role].includes(permission)).sort();
      expect(table.get(permission)!.sort(), permission).toEqual(holders);
    }
  });

  it('give an owner every permission and a cashier none a manager lacks', () => {
    expect([...rolePermissions.owner]).toEqual([...permissions]);
    for (const permission of rolePermissions.cashier) expect(rolePermissions.manager).toContain(permission);
  });
});
