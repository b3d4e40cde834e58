/**
 * The scenarios a server knows by name (DESIGN.md §6): the fixtures' own, parsed once per process,
 * and the recordings it can replay (mock-server/recording), added while it runs. Every world's
 * domain looks its scenarios up here, so a recording saved in one world is at once selectable in
 * all of them, in the harness and Electron scenario lists, `--scenario` and repro bundles alike.
 */
import type { Scenario } from '@shared/scenario';
import { loadScenarios, resolveScenarioOnto } from './loader';

interface ScenarioSummary {
  name: string;
  title: string;
  description: string;
}

let fixtureScenarios: ReadonlyMap<string, Scenario> | undefined;

/** The fixtures' scenarios, parsed once per process. */
function fixtureScenarioMap(): ReadonlyMap<string, Scenario> {
  fixtureScenarios ??= loadScenarios();
  return fixtureScenarios;
}

export class ScenarioCatalog {
  private readonly recorded = new Map<string, Scenario>();

  constructor(private readonly fixtures: ReadonlyMap<string, Scenario> = fixtureScenarioMap()) {}

  get(name: string): Scenario | undefined {
    return this.fixtures.get(name) ?? this.recorded.get(name);
  }

  /** Whether `name` is a fixture scenario (a recording may not take its name). */
  isFixture(name: string): boolean {
    return this.fixtures.has(name);
  }

  names(): string[] {
    return [...this.fixtures.keys(), ...this.recorded.keys()];
  }

  /** Fixture scenarios in file order, then recordings by name. */
  list(): ScenarioSummary[] {
    const recorded = [...this.recorded.values()].sort((a, b) => a.name.localeCompare(b.name));
    return [...this.fixtures.values(), ...recorded].map(({ name, title, description }) => ({
      name,
      title,
      description,
    }));
  }

  /**
   * Adds (or replaces) a recorded scenario file, extending a fixture scenario; throws with what
   * is wrong with it (then nothing changed).
   */
  addRecording(raw: unknown): Scenario {
    const scenario = resolveScenarioOnto(raw, this.fixtures);
    this.recorded.set(scenario.name, scenario);
    return scenario;
  }
}
