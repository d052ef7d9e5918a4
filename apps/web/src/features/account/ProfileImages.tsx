import { accountFr } from '@guichet/shared';
import { ActionIcon, Avatar, Box, Button, FileButton } from '@mantine/core';
import { IconCamera, IconPhotoEdit } from '@tabler/icons-react';
import type { ComponentProps } from 'react';
import { useUploadProfileImage } from '../../api/account';
import { toast } from '../../ui/toast';
import classes from './ProfileImages.module.css';

type Props = {
  profile: { photoUrl: string | null; bannerUrl: string | null; firstName: string; lastName: string };
  /** The owner may change both images. */
  editable?: boolean;
};

const ACCEPT = 'image/png,image/jpeg';
const m = accountFr.profile;

/** Banner and photo; without an upload, a gradient banner and the initials stand in. */
export function ProfileImages({ profile, editable = false }: Props) {
  const { photoUrl, bannerUrl, firstName, lastName } = profile;
  const photo = useUploadProfileImage('photo');
  const banner = useUploadProfileImage('banner');

  const upload = (mutation: typeof photo, success: string, failure: string) => (file: File | null) => {
    if (!file) return;
    mutation.mutate(file, {
      onSuccess: () => toast(success),
      // The spec's toast, whatever the server's reason (format, size).
      onError: () => toast(failure, 'error'),
    });
  };

  return (
    <Box>
      <Box className={classes.banner}>
        {bannerUrl && <img src={bannerUrl} alt="" className={classes.bannerImage} />}
        {editable && (
          <ImagePicker name="banner" label={m.changeBanner} onChange={upload(banner, m.bannerChanged, m.bannerFailed)}>
            {(props) => (
              <Button
                {...props}
                className={classes.bannerAction}
                size="xs"
                variant="white"
                color="dark"
                leftSection={<IconPhotoEdit size={16} aria-hidden />}
                loading={banner.isPending}
              >
                {m.changeBanner}
              </Button>
            )}
          </ImagePicker>
        )}
      </Box>
      <Box className={classes.photo}>
        <Avatar
          src={photoUrl}
          size={120}
          radius={120}
          color="violet"
          className={classes.avatar}
          alt={m.photoAlt(`${firstName} ${lastName}`)}
        >
          {firstName.charAt(0)}
          {lastName.charAt(0)}
        </Avatar>
        {editable && (
          <ImagePicker name="photo" label={m.changePhoto} onChange={upload(photo, m.photoChanged, m.photoFailed)}>
            {(props) => (
              <ActionIcon
                {...props}
                className={classes.photoAction}
                radius="xl"
                size="lg"
                aria-label={m.changePhoto}
                loading={photo.isPending}
              >
                <IconCamera size={18} aria-hidden />
              </ActionIcon>
            )}
          </ImagePicker>
        )}
      </Box>
    </Box>
  );
}

/** The file picker behind an image's button: PNG or JPEG, named for screen readers. */
function ImagePicker({
  name,
  label,
  onChange,
  children,
}: {
  name: string;
  label: string;
  onChange: (file: File | null) => void;
  children: ComponentProps<typeof FileButton>['children'];
}) {
  return (
    <FileButton onChange={onChange} accept={ACCEPT} name={name} inputProps={{ 'aria-label': label }}>
      {children}
    </FileButton>
  );
}
