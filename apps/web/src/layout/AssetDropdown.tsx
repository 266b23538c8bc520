import { ApartmentOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useAssetOptions } from '../features/assets/useAssetOptions';
import { useSwitchAsset } from '../features/assets/useSwitchAsset';
import type { Profile } from '../kit/session/useProfile';

/** Shown with more than one asset; lists the others (docs/product.md 'Side menu'). */
export function AssetDropdown({ profile }: { profile: Profile }) {
  const assets = useAssetOptions(profile);
  const { switchAsset, switching } = useSwitchAsset();
  if (assets.length <= 1) return null;

  const activeId = profile.activeAsset?._id;
  const others = assets.filter((asset) => asset._id !== activeId);
  return (
    <Dropdown
      trigger={['click']}
      disabled={switching}
      menu={{
        items: others.map((asset) => ({ key: asset._id, label: asset.name })),
        onClick: ({ key }) => {
          const asset = others.find((candidate) => candidate._id === key);
          if (asset) void switchAsset(asset);
        },
        style: { maxHeight: 360, overflowY: 'auto' },
      }}
    >
      <Button icon={<ApartmentOutlined />} loading={switching} data-testid="asset-dropdown">
        <span style={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {profile.activeAsset?.name ?? '-'}
        </span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
