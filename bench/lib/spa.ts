/**
 * The SPA built once per bench run, exactly as `npm run build:web` builds it (vite.web.config.ts)
 * but into a temporary directory, with a plugin that records which modules fill each chunk.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Plugin } from 'vite';

/** One emitted JS chunk: file name and rendered bytes per module id. */
export interface ChunkInfo {
  fileName: string;
  modules: { id: string; bytes: number }[];
}

export interface BuiltSpa {
  dir: string;
  chunks: ChunkInfo[];
}

const ROOT = path.resolve(import.meta.dirname, '../..');

function recordChunks(into: ChunkInfo[]): Plugin {
  return {
    name: 'bench-record-chunks',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        into.push({
          fileName: output.fileName,
          modules: Object.entries(output.modules).map(([id, m]) => ({
            id,
            bytes: m.renderedLength,
          })),
        });
      }
    },
  };
}

let built: Promise<BuiltSpa> | undefined;
let dirs: string[] = [];

/** Builds the SPA once (later calls share the result). */
export function builtSpa(): Promise<BuiltSpa> {
  built ??= (async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'dl-bench-web-'));
    dirs.push(dir);
    const chunks: ChunkInfo[] = [];
    await build({
      configFile: path.join(ROOT, 'vite.web.config.ts'),
      logLevel: 'error',
      build: { outDir: dir, emptyOutDir: true },
      plugins: [recordChunks(chunks)],
    });
    return { dir, chunks };
  })();
  return built;
}

/** Removes the build (end of the run). */
export async function removeBuiltSpa(): Promise<void> {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  dirs = [];
  built = undefined;
}

/** "react-dom", "@scope/name", or a source path relative to the repo for our own modules. */
export function moduleOwner(id: string): string {
  const clean = id.replace(/^\0/, '').split('?')[0] ?? id;
  const at = clean.lastIndexOf('node_modules/');
  if (at >= 0) {
    const parts = clean.slice(at + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? clean);
  }
  return path.relative(ROOT, clean) || clean;
}
