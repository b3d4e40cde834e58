/** The host controls: profile, scenario, device, system, version, network, user, events, answers. */
import { useEffect, useState } from 'react';
import type { ScenarioList } from '@host/adminClient';
import { DEVICE_IDS, DEVICE_PRESETS } from '@host/devices';
import type { PanelAction, PanelApi } from '@host/panelApi';
import {
  type AutoAnswer,
  HOST_PROFILES,
  type HostSettings,
  type HostSnapshot,
  INTERACTIVE_METHODS,
} from '@host/types';
import { BRIDGE_EVENTS } from '@shared/bridge';
import { PROFILE_LABELS } from './labels';

const AUTO_ANSWERS: readonly AutoAnswer[] = ['ask', 'ok', 'cancel', 'fail'];
const VERSION_SUGGESTIONS = ['2.7.0', '2.8.0', '2.9.0', '3.0.0', 'not-a-version'];

interface Props {
  api: PanelApi;
  snapshot: HostSnapshot;
  dispatch(action: PanelAction): void;
}

export function Controls({ api, snapshot, dispatch }: Props) {
  const { settings } = snapshot;
  const [scenarios, setScenarios] = useState<ScenarioList>({ current: null, scenarios: [] });
  const [version, setVersion] = useState(settings.version);
  useEffect(() => setVersion(settings.version), [settings.version]);
  const [msisdn, setMsisdn] = useState(settings.msisdn);
  useEffect(() => setMsisdn(settings.msisdn), [settings.msisdn]);
  useEffect(() => {
    api.scenarios().then(setScenarios, () => undefined);
  }, [api]);
  const set = (patch: Partial<HostSettings>) => dispatch({ type: 'updateSettings', patch });
  const scenarioInfo = scenarios.scenarios.find((s) => s.name === snapshot.scenario);

  return (
    <div className="sim-controls">
      <div className="sim-field sim-field--wide">
        <span className="sim-field__label">Profile</span>
        <div className="sim-segmented" role="radiogroup" aria-label="Profile">
          {HOST_PROFILES.map((profile) => (
            <label key={profile} className={settings.profile === profile ? 'is-on' : ''}>
              <input
                type="radio"
                name="sim-profile"
                value={profile}
                checked={settings.profile === profile}
                onChange={() => set({ profile })}
              />
              {PROFILE_LABELS[profile]}
            </label>
          ))}
        </div>
      </div>
      <label className="sim-field sim-field--wide">
        <span className="sim-field__label">Scenario</span>
        <select
          aria-label="Scenario"
          value={snapshot.scenario ?? ''}
          // A recording saved since (the Upstream section) is a scenario too: list it.
          onFocus={() => api.scenarios().then(setScenarios, () => undefined)}
          onChange={(e) => dispatch({ type: 'selectScenario', name: e.target.value })}
        >
          {snapshot.scenario && !scenarioInfo ? (
            <option value={snapshot.scenario}>{snapshot.scenario}</option>
          ) : null}
          {scenarios.scenarios.map((s) => (
            <option key={s.name} value={s.name}>
              {s.name}
              {s.title && s.title !== s.name ? ` — ${s.title}` : ''}
            </option>
          ))}
        </select>
        {scenarioInfo?.description ? <small>{scenarioInfo.description}</small> : null}
      </label>
      <label className="sim-field">
        <span className="sim-field__label">Device</span>
        <select
          aria-label="Device"
          value={settings.device}
          onChange={(e) => {
            const device = e.target.value as HostSettings['device'];
            set({ device, system: DEVICE_PRESETS[device].system });
          }}
        >
          {DEVICE_IDS.map((id) => (
            <option key={id} value={id}>
              {DEVICE_PRESETS[id].label}
            </option>
          ))}
        </select>
      </label>
      <label className="sim-field">
        <span className="sim-field__label">System</span>
        <select
          aria-label="System"
          value={settings.system}
          onChange={(e) => set({ system: e.target.value as HostSettings['system'] })}
        >
          <option value="android">Android</option>
          <option value="ios">iOS</option>
        </select>
      </label>
      <label className="sim-field">
        <span className="sim-field__label">App version</span>
        <input
          aria-label="App version"
          list="sim-versions"
          value={version}
          onChange={(e) => setVersion(e.target.value)}
          onBlur={() => version !== settings.version && set({ version })}
          onKeyDown={(e) => e.key === 'Enter' && set({ version })}
        />
        <datalist id="sim-versions">
          {VERSION_SUGGESTIONS.map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>
      </label>
      <div className="sim-field">
        <span className="sim-field__label">Host state</span>
        <label className="sim-check">
          <input
            type="checkbox"
            checked={settings.online}
            onChange={(e) => set({ online: e.target.checked })}
          />
          Online
        </label>
        <label className="sim-check">
          <input
            type="checkbox"
            checked={settings.signedIn}
            onChange={(e) => set({ signedIn: e.target.checked })}
          />
          Signed in
        </label>
      </div>
      <label className="sim-field">
        <span className="sim-field__label">Native user (mobile number)</span>
        <input
          aria-label="Native user"
          placeholder="the scenario's user"
          value={msisdn}
          onChange={(e) => setMsisdn(e.target.value.replace(/\D/g, ''))}
          onBlur={() => msisdn !== settings.msisdn && set({ msisdn })}
          onKeyDown={(e) => e.key === 'Enter' && set({ msisdn })}
        />
      </label>
      <div className="sim-field sim-field--wide">
        <span className="sim-field__label">Send event</span>
        <div className="sim-row">
          {BRIDGE_EVENTS.map((event) => (
            <button
              key={event}
              className="sim-btn"
              onClick={() => dispatch({ type: 'sendEvent', event })}
            >
              {event}
            </button>
          ))}
        </div>
      </div>
      <div className="sim-field sim-field--wide">
        <span className="sim-field__label">App</span>
        <div className="sim-row">
          <button className="sim-btn" onClick={() => dispatch({ type: 'reload' })}>
            Reload app
          </button>
          <button className="sim-btn" onClick={() => dispatch({ type: 'reset' })}>
            Reset scenario
          </button>
          {api.runtime === 'electron' ? (
            <button className="sim-btn" onClick={() => dispatch({ type: 'openDevTools' })}>
              App DevTools
            </button>
          ) : null}
        </div>
      </div>
      <details className="sim-field sim-field--wide">
        <summary>Auto-answer interactive requests</summary>
        <div className="sim-answers">
          {INTERACTIVE_METHODS.map((method) => (
            <label key={method} className="sim-answer">
              <code>{method}</code>
              <select
                aria-label={`Auto-answer ${method}`}
                value={settings.autoAnswer[method]}
                onChange={(e) =>
                  set({
                    autoAnswer: { ...settings.autoAnswer, [method]: e.target.value as AutoAnswer },
                  })
                }
              >
                {AUTO_ANSWERS.map((answer) => (
                  <option key={answer} value={answer}>
                    {answer}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      </details>
    </div>
  );
}
