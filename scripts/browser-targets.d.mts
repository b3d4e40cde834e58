/** esbuild-style targets (`chrome87`, `ios14.5`) of browserslist queries `<browser> >= <version>`; throws on any other. */
export declare function browserTargets(queries: readonly string[]): string[];
/** The build targets of package.json's browserslist: the browser floor. */
export declare function floorTargets(packageJsonPath?: string | URL): string[];
