import {
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileWordOutlined,
} from '@ant-design/icons';

const IMAGES = ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp', 'tif', 'tiff', 'svg'];

/** The icon and colour of a file type in lists: pdf red, word blue, excel green, powerpoint orange, images purple. */
export function fileTypeStyle(ext: string): { Icon: typeof FileOutlined; color: string; kind: string } {
  const e = ext.toLowerCase();
  if (e === 'pdf') return { Icon: FilePdfOutlined, color: '#d4380d', kind: 'pdf' };
  if (e === 'doc' || e === 'docx') return { Icon: FileWordOutlined, color: '#1677ff', kind: 'word' };
  if (e === 'xls' || e === 'xlsx') return { Icon: FileExcelOutlined, color: '#389e0d', kind: 'excel' };
  if (e === 'ppt' || e === 'pptx') return { Icon: FilePptOutlined, color: '#fa8c16', kind: 'powerpoint' };
  if (IMAGES.includes(e)) return { Icon: FileImageOutlined, color: '#722ed1', kind: 'image' };
  return { Icon: FileOutlined, color: '#8c8c8c', kind: 'other' };
}

export function FileTypeIcon({ ext }: { ext: string }) {
  const { Icon, color, kind } = fileTypeStyle(ext);
  return <Icon style={{ color }} data-file-kind={kind} aria-hidden />;
}
