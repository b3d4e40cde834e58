import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apisAboveFloor, checkFloor, syntaxAboveFloor } from './check-floor.mjs';

const FLOOR = ['chrome87', 'edge88', 'firefox90', 'safari14.1', 'ios14.5'];
const apis = (code: string, targets = FLOOR) => apisAboveFloor(code, targets).map((use) => use.api);

describe('built-ins above the floor', () => {
  it('finds unguarded uses, as minified code has them', () => {
    expect(apis('function d(){return"web-"+crypto.randomUUID()}')).toEqual(['crypto.randomUUID']);
    expect(apis('if(!Object.hasOwn(u,e))return null')).toEqual(['Object.hasOwn']);
    expect(apis('let n=this.o.at(-1);')).toEqual(['Array/String.prototype.at']);
    expect(apis('const c=structuredClone(v)')).toEqual(['structuredClone']);
  });

  it('accepts uses behind a feature test or with a fallback', () => {
    expect(apis('const id=crypto.randomUUID?.()??fallback()')).toEqual([]);
    expect(apis('if(e!=null&&e.randomUUID)return e.randomUUID()')).toEqual([]);
    expect(apis('typeof structuredClone==`function`?structuredClone(v):copy(v)')).toEqual([]);
    expect(apis('if(`randomUUID`in crypto)id=crypto.randomUUID()')).toEqual([]);
  });

  it('judges by the floor: replaceAll is older than it, not older than Safari 13', () => {
    expect(apis('s.replaceAll(`+`,`%20`)')).toEqual([]);
    expect(apis('s.replaceAll(`+`,`%20`)', ['safari13'])).toEqual(['String.prototype.replaceAll']);
  });
});

describe('syntax above the floor', () => {
  it('is what the floor transform changes', async () => {
    expect(await syntaxAboveFloor('class A { static { this.x = 1; } }', FLOOR)).not.toBeNull();
    expect(await syntaxAboveFloor('const r = /(?<=a)b/;', FLOOR)).not.toBeNull();
    expect(
      await syntaxAboveFloor('let a; a ??= 1; const f = async () => [...[a]];', FLOOR),
    ).toBeNull();
  });

  it('reports what cannot be lowered at all', async () => {
    const found = await syntaxAboveFloor('await Promise.resolve(1); export {};', FLOOR);
    expect(found?.floor).toMatch(/Top-level await/);
  });
});

describe('a built SPA', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is checked in its assets and in the inline scripts of index.html', async () => {
    dir = mkdtempSync(join(tmpdir(), 'floor-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      '<script>const t = JSON.parse("{}")?.tokenValue;</script><script type="module" src="./assets/a.js"></script>',
    );
    writeFileSync(join(dir, 'assets', 'a.js'), 'export const id = () => crypto.randomUUID();');
    const problems = await checkFloor(dir, FLOOR);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^index\.html inline script 1: syntax above the floor/);
    expect(problems[1]).toMatch(/^assets\/a\.js: crypto\.randomUUID/);
    writeFileSync(
      join(dir, 'index.html'),
      '<script>var t = (JSON.parse("{}") || {}).tokenValue;</script>',
    );
    writeFileSync(
      join(dir, 'assets', 'a.js'),
      'export const last = (list) => list[list.length - 1];',
    );
    expect(await checkFloor(dir, FLOOR)).toEqual([]);
  });
});
