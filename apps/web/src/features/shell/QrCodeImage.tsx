import { Center, Image, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';

/** Renders `value` as a QR code (highest correction level), drawn in the browser. */
export function QrCodeImage({ value, size, alt }: { value: string; size: number; alt: string }) {
  const url = useQrCodeDataUrl(value, size);
  if (!url) {
    return (
      <Center w={size} h={size}>
        <Loader size="sm" />
      </Center>
    );
  }
  return <Image src={url} w={size} h={size} alt={alt} radius="sm" bg="white" />;
}

export function useQrCodeDataUrl(value: string, size: number): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    // Loaded on demand: the QR library stays out of the first page's JavaScript.
    void import('qrcode').then(async ({ toDataURL }) => {
      const data = await toDataURL(value, { width: size, margin: 1, errorCorrectionLevel: 'H' });
      if (!cancelled) setUrl(data);
    });
    return () => {
      cancelled = true;
    };
  }, [value, size]);
  return url;
}
