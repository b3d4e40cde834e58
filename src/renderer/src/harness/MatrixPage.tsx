/**
 * The matrix page: one route on many phones at once (scenarios × devices × profiles), each in its
 * own harness cell and world, with a form to change the grid and "Capture all" to save every phone
 * as a PNG. `npm run shots` takes the same pictures headlessly.
 */
import { type FormEvent, useRef, useState } from 'react';
import { DEVICE_IDS } from '@host/devices';
import { HOST_PROFILES } from '@host/types';
import { captureElements } from './captureTab';
import {
  cellFileName,
  cellUrl,
  MATRIX_MAX_CELLS,
  type MatrixSpec,
  matrixCells,
  readMatrixSpec,
  writeMatrixSpec,
} from './matrix';
import { errorMessage } from '@shared/errors';

export function MatrixPage({ spec, scenarioNames }: { spec: MatrixSpec; scenarioNames: string[] }) {
  const cells = matrixCells(spec);
  const frames = useRef(new Map<string, HTMLElement>());
  const [status, setStatus] = useState<string | null>(null);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = readMatrixSpec(
      writeMatrixSpec({
        route: String(form.get('route') ?? '/'),
        scenarios: form.getAll('scenarios').map(String),
        devices: form.getAll('devices').map(String) as MatrixSpec['devices'],
        profiles: form.getAll('profiles').map(String) as MatrixSpec['profiles'],
        clock: spec.clock ?? null,
      }),
    );
    window.location.search = writeMatrixSpec(next);
  };

  const captureAll = async () => {
    setStatus('Choose this tab in the browser’s sharing prompt…');
    try {
      const saved = await captureElements(
        cells.flatMap((cell) => {
          const element = frames.current.get(cell.key);
          return element ? [{ element, fileName: cellFileName(cell) }] : [];
        }),
      );
      setStatus(`Saved ${saved} pictures.`);
    } catch (error) {
      setStatus(
        `Capture is not available here (${errorMessage(error)}). ` +
          '`npm run shots` writes the same pictures from the command line.',
      );
    }
  };

  return (
    <div className="sim sim--matrix">
      <header className="sim-top">
        <h1>Direct Loan simulator</h1>
        <span className="sim-pill">Matrix</span>
        <span className="sim-pill sim-pill--light">
          {cells.length} phones · {spec.route}
        </span>
        <button type="button" className="sim-btn sim-top__copy" onClick={captureAll}>
          Capture all (PNG)
        </button>
      </header>
      <form className="sim-matrix__form" onSubmit={apply} aria-label="Matrix">
        <label>
          Route <input name="route" defaultValue={spec.route} />
        </label>
        <Choices
          legend="Scenarios"
          name="scenarios"
          options={scenarioNames}
          chosen={spec.scenarios}
        />
        <Choices legend="Devices" name="devices" options={DEVICE_IDS} chosen={spec.devices} />
        <Choices legend="Profiles" name="profiles" options={HOST_PROFILES} chosen={spec.profiles} />
        <button type="submit" className="sim-btn">
          Show
        </button>
        <span className="sim-muted">At most {MATRIX_MAX_CELLS} phones.</span>
      </form>
      {status ? (
        <p className="sim-banner" role="status">
          {status}
        </p>
      ) : null}
      <div className="sim-matrix__grid">
        {cells.map((cell) => (
          <figure
            key={cell.key}
            className="sim-matrix__cell"
            data-cell={cellFileName(cell)}
            ref={(element) => {
              if (element) frames.current.set(cell.key, element);
              else frames.current.delete(cell.key);
            }}
          >
            <figcaption>{cell.label}</figcaption>
            <iframe
              title={cell.label}
              src={cellUrl(cell, spec.route, spec.clock)}
              width={cell.width}
              height={cell.height}
            />
          </figure>
        ))}
      </div>
    </div>
  );
}

function Choices({
  legend,
  name,
  options,
  chosen,
}: {
  legend: string;
  name: string;
  options: readonly string[];
  chosen: readonly string[];
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option}>
          <input
            type="checkbox"
            name={name}
            value={option}
            defaultChecked={chosen.includes(option)}
          />
          {option}
        </label>
      ))}
    </fieldset>
  );
}
