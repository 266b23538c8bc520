import { useState } from 'react';
import { useDebouncedKeyword } from './useDebouncedKeyword';

/**
 * A search box's text, its debounced keyword, and the page, which starts again at 1 whenever the keyword or the
 * screen's other filters (`filtersKey`) change (docs/product.md 'Lists').
 */
export function usePagedKeyword(filtersKey = '') {
  const [text, setText] = useState('');
  const keyword = useDebouncedKeyword(text);
  const key = `${keyword}\u0000${filtersKey}`;
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  return { text, setText, keyword, page, setPage: (next: number) => setPaging({ key, page: next }) };
}
