import { Typography } from 'antd';

/**
 * A post's text as written: plain text, its line breaks kept by CSS. React escapes it, so markup typed into a post
 * shows as the characters typed and never reaches the page as HTML.
 */
export function PostText({ text, id }: { text: string; id?: string }) {
  return (
    <Typography.Paragraph id={id} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginBottom: 8 }}>
      {text}
    </Typography.Paragraph>
  );
}
