/**
 * World file names must differ on every file system: macOS and Windows fold case (`WA.json` and
 * `wa.json` are one file there) and Windows takes device names (`CON.json` is the console).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileStemOf, worldFileOf, worldIdOfStem, worldIdsOfFile } from './worldFiles';

/** Windows' reserved device names (Microsoft, "Naming Files, Paths, and Namespaces"). */
const DEVICE = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])$/i;

const IDS = [
  'default',
  'WA',
  'wa',
  'Wa',
  'wA',
  'CON',
  'con',
  'Nul',
  'COM1',
  'lpt9',
  'AUX',
  'a_b',
  'a__b',
  'A_B',
  '_a',
  'a_',
  'w-abc',
  'abc',
  '-',
  '_',
  'A'.repeat(64),
  'a'.repeat(64),
  'qa-Ana_2',
];

describe('world file names', () => {
  const names = IDS.map((id) => path.basename(worldFileOf('/data/worlds', id)));

  it('never share a name, whether the file system folds case or not', () => {
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(IDS.length);
  });

  it('are never a device name of Windows, whatever the extension', () => {
    for (const name of names) expect(name.split('.')[0]).not.toMatch(DEVICE);
  });

  it('use lower-case letters, digits, - and _ only, within 255 bytes', () => {
    for (const name of names) {
      expect(name).toMatch(/^[a-z0-9_-]+\.json$/);
      expect(name.length).toBeLessThan(255);
    }
  });

  it('name their world and no other', () => {
    for (const id of IDS) expect(worldIdOfStem(fileStemOf(id))).toBe(id);
    expect(worldIdOfStem('w-_W')).toBeUndefined();
    expect(worldIdOfStem('w-a_')).toBeUndefined();
    expect(worldIdOfStem('WA')).toBeUndefined();
  });

  it("read older versions' names (`<id>.json`) too; the file says which world it holds", () => {
    expect(worldIdsOfFile('WA.json')).toEqual({ legacy: 'WA' });
    expect(worldIdsOfFile('w-abc.json')).toEqual({ current: 'abc', legacy: 'w-abc' });
    expect(worldIdsOfFile('w-_w_a.json')).toEqual({ current: 'WA', legacy: 'w-_w_a' });
    expect(worldIdsOfFile('w-_w_a.unreadable')).toBeUndefined();
    expect(worldIdsOfFile('server.lock')).toBeUndefined();
  });
});
