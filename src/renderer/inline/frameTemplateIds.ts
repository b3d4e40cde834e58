/** The ids of the first frames' `<template>`s in index.html (./frameTemplates.tsx writes them). */
export const FRAME_TEMPLATE_IDS = { home: 'first-frame-home', login: 'first-frame-login' } as const;
