/**
 * A title or name someone wrote (or a dataset gave), shown as text: without the invisible
 * characters that reorder or hide text (text.ts `displayText`), and isolated from the text
 * around it (`<bdi>`), so right-to-left text in it cannot reorder the words beside it.
 * `lang` marks text left as written (English) on a page in another language.
 */
import { displayText } from '../text.ts';

export function UserText({ text, lang }: { text: string; lang?: string }) {
  return <bdi lang={lang}>{displayText(text)}</bdi>;
}
