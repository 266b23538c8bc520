import { LISTING_TEXT as T, type ListingMedia } from '@crm/domain';
import { Image, Space, Typography } from 'antd';

/** The listing's pictures in their order (the cover marked) and its floor plans, by their stored thumbnails. */
export function ListingMediaGallery({
  images,
  floorPlans,
  cover,
  reference,
}: {
  images: readonly ListingMedia[];
  floorPlans: readonly ListingMedia[];
  cover: string | null;
  reference: string;
}) {
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="listing-gallery">
      {images.length ? (
        <Image.PreviewGroup>
          <Space wrap size={8}>
            {images.map((image, index) => (
              <figure key={image.file} style={{ margin: 0 }}>
                <Image
                  width={140}
                  height={100}
                  style={{ objectFit: 'cover' }}
                  src={image.thumbnail ?? image.url}
                  preview={{ src: image.url }}
                  alt={image.file === cover ? T.coverAlt(reference) : `${reference} ${T.fileNumber(index + 1)}`}
                />
                <figcaption style={{ fontSize: 12 }}>{image.file === cover ? T.cover : index + 1}</figcaption>
              </figure>
            ))}
          </Space>
        </Image.PreviewGroup>
      ) : (
        <Typography.Text type="secondary">{T.noImages}</Typography.Text>
      )}
      {floorPlans.length ? (
        <Space wrap size={8}>
          <Typography.Text strong>{T.floorPlans}:</Typography.Text>
          {floorPlans.map((plan, index) => (
            <Typography.Link key={plan.file} href={plan.url} target="_blank" rel="noopener noreferrer">
              {T.fileNumber(index + 1)}
            </Typography.Link>
          ))}
        </Space>
      ) : null}
    </Space>
  );
}
