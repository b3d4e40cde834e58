/**
 * `dialog` (docs/api/dialog.md): the message and file dialogs, each with an optional parent
 * window first; the file dialogs resolve `{canceled, filePath(s)}`, `showMessageBox`
 * `{response, checkboxChecked}`, `showErrorBox` returns at once. The fake records each dialog and
 * answers what a test scripted (default: cancelled).
 */
import { FakeBrowserWindow } from './browserWindow';

/** What a test scripts a dialog to answer, by kind. */
interface DialogAnswers {
  save: { canceled: boolean; filePath?: string }[];
  open: { canceled: boolean; filePaths: string[] }[];
}

/** A dialog main showed: its kind, the window it belongs to and its options. */
export interface DialogRecord {
  kind: 'save' | 'open' | 'messageBox' | 'errorBox';
  parent: FakeBrowserWindow | null;
  options: Record<string, unknown>;
}

export class FakeDialog {
  readonly shown: DialogRecord[] = [];
  readonly answers: DialogAnswers = { save: [], open: [] };

  get module(): Record<string, unknown> {
    const call =
      (kind: 'save' | 'open' | 'messageBox') =>
      async (first: unknown, second?: unknown): Promise<unknown> => {
        const parent = first instanceof FakeBrowserWindow ? first : null;
        const options = (parent ? second : first) as Record<string, unknown>;
        this.shown.push({ kind, parent, options });
        if (kind === 'save') return this.answers.save.shift() ?? { canceled: true };
        if (kind === 'open') return this.answers.open.shift() ?? { canceled: true, filePaths: [] };
        return { response: 0, checkboxChecked: false };
      };
    return {
      showSaveDialog: call('save'),
      showOpenDialog: call('open'),
      showMessageBox: call('messageBox'),
      showErrorBox: (title: string, content: string) => {
        this.shown.push({ kind: 'errorBox', parent: null, options: { title, content } });
      },
    };
  }
}
