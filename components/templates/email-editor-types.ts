// What the email editor offers its page, apart from both the loader (email-editor.tsx) and the
// editor (email-editor-impl.tsx), which each need it and must not import each other.

export type EmailEditorHandle = {
  /** The current design as the JSON text stored in Content. */
  getContent: () => string;
  /** The email HTML the editor shows (rendered in the browser; the server renders its own to send). */
  getHtml: () => string;
};

export type EmailEditorProps = {
  /** A saved design (JSON text) or '' for a new one. Read once, when the editor starts. */
  initialContent: string;
  onReady?: (handle: EmailEditorHandle) => void;
  onChange?: () => void;
  height?: number;
  /** Accessible name of the editor's region. */
  label: string;
};
