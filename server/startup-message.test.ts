import { describe, expect, it } from 'vitest';
import { startupLines } from './startup-message';

describe('the start-up message', () => {
  it('says where Khata runs, then the customers\', the shops\' and the admins\' addresses', () => {
    expect(startupLines({ port: 5000, where: 'embedded PGlite in ./data' })).toEqual([
      'Khata is running on http://localhost:5000 (embedded PGlite in ./data)',
      '  Customers sign in at http://localhost:5000/cust',
      '  Shops sign in or register at http://localhost:5000/merchant',
      '  Admins sign in at http://localhost:5000/admin',
    ]);
  });

  it('names the addresses at PUBLIC_URL when one is set, keeping the local one on the first line', () => {
    const lines = startupLines({ port: 8080, where: 'PostgreSQL', publicUrl: 'https://khata.example.com' });
    expect(lines[0]).toBe('Khata is running on http://localhost:8080 (PostgreSQL)');
    expect(lines.slice(1).map((line) => line.trim().split(' ').at(-1))).toEqual([
      'https://khata.example.com/cust', 'https://khata.example.com/merchant', 'https://khata.example.com/admin',
    ]);
  });
});
