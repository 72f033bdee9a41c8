import { useEffect } from 'react';
import { recordBrowse } from '../../lib/api/history.ts';
import FavouriteButton from './FavouriteButton.tsx';

/** An item page's own actions: the collect toggle, and the visit recorded in the browse history. */
export default function ItemActions({ cultureId, title }: { cultureId: number; title: string }) {
  useEffect(() => {
    void recordBrowse('culture', cultureId);
  }, [cultureId]);
  return <FavouriteButton cultureId={cultureId} title={title} />;
}
