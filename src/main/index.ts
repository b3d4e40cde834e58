// Electron main process (built by issue 4).
import { app } from 'electron';

app.whenReady().then(() => undefined);
