import type { AssetProfileSettings, BasicSettingsInput, ViewingSettings } from '@crm/domain';
import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { PageHeader } from '../../kit/page/PageHeader';
import { PageLoader } from '../../kit/page/PageLoader';
import { useProfile } from '../../kit/session/useProfile';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

// The active asset's Basic and Viewing Settings (assets.profileSettings), and their two saves.

export interface ProfileSettingsState {
  settings: AssetProfileSettings | undefined;
  error: string | null;
  saveBasic: (values: BasicSettingsInput) => Promise<AssetProfileSettings>;
  saveViewing: (values: ViewingSettings) => Promise<AssetProfileSettings>;
}

export function useProfileSettings(): ProfileSettingsState {
  const profile = useProfile();
  const assetId = profile.data?.activeAsset?._id ?? '';
  const utils = trpc.useUtils();
  const query = trpc.assets.profileSettings.useQuery({ id: assetId }, { enabled: assetId !== '', retry: false });
  const refresh = (saved: AssetProfileSettings) => {
    utils.assets.profileSettings.setData({ id: assetId }, saved);
    // The profile carries the asset's currency and zone (`business`); the assets list its working hours.
    void utils.profile.get.invalidate();
    void utils.assets.list.invalidate();
  };
  const basic = trpc.assets.updateBasicSettings.useMutation({ meta: SCREEN_SHOWS_ERROR, onSuccess: refresh });
  const viewing = trpc.assets.updateViewingSettings.useMutation({ meta: SCREEN_SHOWS_ERROR, onSuccess: refresh });
  let error: string | null = null;
  if (query.isError) error = toApiError(query.error).message;
  else if (profile.data && !assetId) error = 'There is no active asset.';
  return {
    settings: query.data,
    error,
    saveBasic: (settings) => basic.mutateAsync({ id: assetId, settings }),
    saveViewing: (settings) => viewing.mutateAsync({ id: assetId, settings }),
  };
}

/** The page's title, then its loader, its error, or the form. */
export function SettingsPageFrame({
  title,
  state,
  children,
}: {
  title: string;
  state: ProfileSettingsState;
  children: (settings: AssetProfileSettings) => ReactNode;
}) {
  let body: ReactNode = <PageLoader />;
  if (state.error) body = <Alert type="error" showIcon message={state.error} />;
  else if (state.settings) body = children(state.settings);
  return (
    <>
      <PageHeader title={title} />
      {body}
    </>
  );
}
