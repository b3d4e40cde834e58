/**
 * Preload (sandboxed, contextIsolation on). The app window gets exactly `window.nativeBridge`
 * (none in the web profile); the panel window gets exactly `window.simulatorPanel`.
 * Nothing else of Electron reaches a page.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { createNativeBridge } from './nativeBridge';
import { createPanelBridge } from './panelBridge';
import { readPreloadConfig } from './roles';

const config = readPreloadConfig(process.argv);
if (config.role === 'app' && config.exposeBridge) {
  contextBridge.exposeInMainWorld('nativeBridge', createNativeBridge(ipcRenderer));
} else if (config.role === 'panel') {
  contextBridge.exposeInMainWorld('simulatorPanel', createPanelBridge(ipcRenderer));
}
