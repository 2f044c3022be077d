/**
 * Spec §4 "Update Mission flow": choosing a mission sets the update number to its updateCount + 1
 * and prefills the text with a bell, the number, the mission title and the current text;
 * removing the reference strips the prefill again.
 */
export function updatePrefix(title: string, updateNumber: number) {
  return `🔔 Update #${updateNumber}: ${title}\n`;
}

export function withUpdatePrefix(text: string, title: string, updateCount: number) {
  return `${updatePrefix(title, updateCount + 1)}${text}`;
}

export function withoutUpdatePrefix(text: string, title: string, updateCount: number) {
  const prefix = updatePrefix(title, updateCount + 1);
  return text.startsWith(prefix) ? text.slice(prefix.length) : text;
}
