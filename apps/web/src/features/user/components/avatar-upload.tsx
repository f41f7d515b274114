import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Flex, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@edoc/contract/errors';
import { AVATAR_MAX_BYTES } from '@edoc/contract/limits';
import { currentLang } from '../../../lib/i18n';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useAvatar, useUploadAvatar } from '../api';

interface AvatarUploadProps {
  userId: number;
  avatarUrl: string | null;
}

export function AvatarUpload({ userId, avatarUrl }: AvatarUploadProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const avatar = useAvatar(userId, avatarUrl);
  const src = useObjectUrl(avatarUrl ? avatar.data : undefined);

  const upload = useUploadAvatar();

  return (
    <Flex vertical align="center" gap={12}>
      <Avatar size={96} src={src} icon={<UserOutlined />} alt={t('user.avatar')} />
      <Upload
        accept="image/png,image/jpeg,image/gif,image/webp"
        showUploadList={false}
        beforeUpload={(file) => {
          if (!file.type.startsWith('image/')) {
            void message.error(errorMessage('file_type_not_allowed', currentLang()));
            return Upload.LIST_IGNORE;
          }
          if (file.size > AVATAR_MAX_BYTES) {
            void message.error(errorMessage('file_too_large', currentLang()));
            return Upload.LIST_IGNORE;
          }
          upload.mutate(file, { onSuccess: () => void message.success(t('user.avatarSaved')) });
          // The mutation above sends the file through the API client (token, language, envelope).
          return false;
        }}
      >
        <Button id="avatar-upload" icon={<UploadOutlined />} loading={upload.isPending}>
          {t('user.changeAvatar')}
        </Button>
      </Upload>
    </Flex>
  );
}
