// Preload: exposes window.nativeBridge (built by issue 4).
export {};
