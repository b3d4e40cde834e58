/** One sentence: why there is no Electron binary and how to get one. */
export declare const NO_ELECTRON_MESSAGE: string;
/** Absolute path of the Electron executable, or null when it is not downloaded. */
export declare function findElectronBinary(): string | null;
