// `npm run test:e2e`: find Chromium (never download one), build the SPA, check it against the
// browser floor (scripts/check-floor.mjs), run Playwright.
import { spawnSync } from 'node:child_process';
import { findChromium, NO_CHROMIUM_MESSAGE } from './find-chromium.mjs';

const chromium = await findChromium();
if (!chromium) {
  console.error(NO_CHROMIUM_MESSAGE);
  process.exit(1);
}
console.log(`e2e: Chromium from ${chromium.source} (${chromium.path})`);

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium.path, CHROMIUM_ARGS: chromium.args.join('\n') },
  });
  if (result.error) {
    console.error(`${command} ${args.join(' ')}: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
run(npm, ['run', 'build:web']);
// The build runs on the browser floor (docs/testing.md "Browser support"), syntax and built-ins.
run(process.execPath, ['scripts/check-floor.mjs', 'dist/web']);
run(npx, ['playwright', 'test', ...process.argv.slice(2)]);
