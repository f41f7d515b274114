import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Flex, Upload } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@edoc/contract/errors';
import { AVATAR_MAX_BYTES } from '@edoc/contract/limits';
import { currentLang } from '../../../lib/i18n';
import { useObjectUrl } from '../../../lib/use-object-url';
import { fetchAvatar, uploadAvatar, userKeys } from '../api';

interface AvatarUploadProps {
  userId: number;
  avatarUrl: string | null;
}

export function AvatarUpload({ userId, avatarUrl }: AvatarUploadProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const avatar = useQuery({
    queryKey: userKeys.avatar(userId, avatarUrl),
    queryFn: () => fetchAvatar(userId),
    enabled: Boolean(avatarUrl),
    // A missing picture simply shows the default icon.
    meta: { silentError: true },
  });
  const src = useObjectUrl(avatarUrl ? avatar.data : undefined);

  const upload = useMutation({
    mutationFn: (file: File) => uploadAvatar(file, file.name),
    onSuccess: async () => {
      void message.success(t('user.avatarSaved'));
      await queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });

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
          upload.mutate(file);
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
