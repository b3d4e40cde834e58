/**
 * A page's main frame as main sees it (docs/api/web-frame-main.md; electron/electron
 * shell/browser/api/electron_api_web_frame_main.cc). One object per frame, kept across its
 * navigations (`WebFrameMain::UpdateRenderFrameHost`); each committed document is a new render
 * frame host. Reading `url` of a frame whose render frame is gone throws "Render frame was
 * disposed before WebFrameMain could be accessed" (`CheckRenderFrame`).
 */
export class FakeWebFrameMain {
  private committedUrl = '';
  /** The render frame host of the current document; a new one per committed document. */
  private renderFrame = 0;
  private disposed = false;

  get url(): string {
    if (this.disposed) {
      throw new Error('Render frame was disposed before WebFrameMain could be accessed');
    }
    return this.committedUrl;
  }

  isDestroyed(): boolean {
    return this.disposed;
  }

  /** A document committed: a new render frame host for it. */
  commit(url: string): void {
    this.committedUrl = url;
    this.renderFrame += 1;
  }

  /** The render frame host of the document now in the frame (what an IPC message records). */
  get currentRenderFrame(): number {
    return this.renderFrame;
  }

  /** The frame went away with its page. */
  dispose(): void {
    this.disposed = true;
  }

  /**
   * `event.senderFrame` of a message the document `renderFrame` sent: the frame while that
   * document is still its document, else null — "May be null if accessed after the frame has
   * either navigated or been destroyed" (docs/api/structures/ipc-main-event.md; the lazy getter
   * of shell/common/gin_converters/frame_converter.cc finds no render frame host then).
   */
  senderFrameOf(renderFrame: number): FakeWebFrameMain | null {
    return !this.disposed && renderFrame === this.renderFrame ? this : null;
  }
}
