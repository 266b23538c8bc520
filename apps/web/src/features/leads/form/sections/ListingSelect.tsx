import { Select } from 'antd';
import { useMemo } from 'react';
import { useListingOptions } from '../hooks/useListingOptions';
import type { ListingOption } from '../lead-form-values';

interface ListingSelectProps {
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** The chosen listing's record, for the auto-fill. */
  onPick: (listing: ListingOption | undefined) => void;
  /** The lead's own listing (update page), shown even when the search does not find it. */
  current?: ListingOption | undefined;
  disabled?: boolean;
}

function listingLabel(listing: ListingOption): string {
  const place = [listing.location, listing.city].filter(Boolean).join(', ');
  return [listing.reference || listing._id, listing.title, place].filter(Boolean).join(' · ');
}

/** Listing search by reference, city, location and sub-location (server-side, debounced). */
export function ListingSelect({ value, onChange, onPick, current, disabled }: ListingSelectProps) {
  const pinned = useMemo(() => (current ? [current] : []), [current]);
  const { listings, loading, onSearch } = useListingOptions(pinned);
  return (
    <Select
      aria-label="Listing"
      value={value ?? undefined}
      placeholder="Search by reference, city or location"
      showSearch={{ filterOption: false, onSearch }}
      allowClear
      loading={loading}
      disabled={disabled}
      options={listings.map((l) => ({ value: l._id, label: listingLabel(l) }))}
      onChange={(id: string | undefined) => {
        onChange?.(id);
        onPick(listings.find((l) => l._id === id));
      }}
    />
  );
}
