import { RespondentText } from '../../components/RespondentText';
import { snippetAround } from './searchHit';

/**
 * Respondent text with the current search term marked, so a match is seen where it is. `oneLine`
 * (table cells) starts a little before the match, so the ellipsis never cuts the mark away.
 */
export function Marked({
  text,
  search,
  oneLine = false,
}: {
  text: string;
  search: string;
  oneLine?: boolean;
}) {
  const shown = oneLine && search.trim() ? snippetAround(text, search) : text;
  return <RespondentText text={shown} highlight={search} oneLine={oneLine} />;
}
