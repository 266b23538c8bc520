import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { PROFILE_PICTURE_MIME_TYPES, validateUpload } from '@crm/domain';
import { App, Avatar, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { toApiError } from '../../kit/api/api-error';
import { uploadImage } from './upload-file';

interface AvatarUploadProps {
  /** The stored file id (the customer's avatar). */
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The current picture's address, when editing. */
  initialUrl?: string | undefined;
  category?: string;
}

/** Uploads through POST /storage/upload; JPG, SVG, PNG or WEBP up to 10 MB (docs/product.md 'File picker and uploads'). */
export function AvatarUpload({ value, onChange, initialUrl, category = 'customers' }: AvatarUploadProps) {
  const { message } = App.useApp();
  const [url, setUrl] = useState(initialUrl);
  const [uploading, setUploading] = useState(false);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const check = validateUpload({ type: file.type, size: file.size }, { mode: 'image' });
    if (!check.ok) {
      void message.error(check.message);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    if (!(file instanceof File)) return;
    setUploading(true);
    uploadImage(file, category)
      .then((stored) => {
        setUrl(stored.url);
        onChange?.(stored._id);
      })
      .catch((error: unknown) => void message.error(toApiError(error).message))
      .finally(() => setUploading(false));
  };

  return (
    <Upload
      accept={PROFILE_PICTURE_MIME_TYPES.join(',')}
      showUploadList={false}
      listType="picture-circle"
      beforeUpload={beforeUpload}
      customRequest={customRequest}
    >
      {value && url ? (
        <Avatar size={96} src={url} alt="Profile picture" />
      ) : uploading ? (
        <LoadingOutlined />
      ) : (
        <PlusOutlined aria-label="Upload profile picture" />
      )}
    </Upload>
  );
}
