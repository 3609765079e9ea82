// The questions the wizard can ask, independent of how they are shown: @inquirer/prompts at a
// terminal (prompts.ts), or scripted answers in tests.

/** A validation: undefined when the answer is fine, else the message to show. */
export type Check = (answer: string) => string | undefined;

export interface Choice<T extends string> {
  value: T;
  name?: string;
  checked?: boolean;
}

export interface Asker {
  text(question: { id: string; message: string; default?: string; validate?: Check }): Promise<string>;
  /** Several lines, empty ones kept; a line "." or Ctrl-D ends it. Shows the character count against `min`. */
  multiline(question: { id: string; message: string; min: number; validate: Check }): Promise<string>;
  select<T extends string>(question: { id: string; message: string; choices: Choice<T>[]; default?: T }): Promise<T>;
  confirm(question: { id: string; message: string; default: boolean }): Promise<boolean>;
  checkbox<T extends string>(question: {
    id: string;
    message: string;
    choices: Choice<T>[];
    validate?: (answers: T[]) => string | undefined;
  }): Promise<T[]>;
  /** Text for the person, between questions (the summary). */
  note(text: string): void;
  /** The terminal's width, for the notes; undefined when it is unknown. */
  width?: number;
}
