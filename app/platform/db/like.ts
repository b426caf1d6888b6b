/** A LIKE pattern that matches `text` literally anywhere: %, _ and the escape character itself are escaped. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
