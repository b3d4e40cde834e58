/** A built-in newer than some engine of the floor: its name, how it shows in code, since when each engine has it. */
export interface FloorApi {
  name: string;
  pattern: RegExp;
  prop: string;
  since: Record<string, number | null>;
}
export declare const APIS: readonly FloorApi[];
/** The floor's engines and versions (Edge as Chrome, iOS as Safari). */
export declare function floorEngines(targets: readonly string[]): Record<string, number>;
/** The engines of the floor that lack `api`. */
export declare function enginesLacking(api: FloorApi, engines: Record<string, number>): string[];
/** Unguarded uses of built-ins some engine of the floor lacks. */
export declare function apisAboveFloor(
  code: string,
  targets: readonly string[],
): { api: string; lacking: string[]; context: string }[];
/** Where the floor's transform differs from esnext's; null when the floor runs the code as built. */
export declare function syntaxAboveFloor(
  code: string,
  targets: readonly string[],
  filename?: string,
): Promise<{ helpers: string[]; floor: string; latest: string } | null>;
/** Every script of a built SPA: [name, code]. */
export declare function scriptsOf(dir: string): [string, string][];
/** Everything in a built SPA above the floor, one message each (empty: it runs on the floor). */
export declare function checkFloor(dir: string, targets?: readonly string[]): Promise<string[]>;
