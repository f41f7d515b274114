import { useState } from 'react';
import { Mentions } from 'antd';
import type { BoardMember } from '@edoc/contract/board';
import { useBoardMembers } from '../api';

/**
 * Remembers whom the user picked in a mention box. The server is sent ids, never names to guess from; a pick whose
 * "@name" the user deleted again is left out.
 */
export function useMentionPicks() {
  // One object for the component's life: its callers may list it among an effect's dependencies.
  const [picks] = useState(() => {
    const picked = new Map<number, string>();
    return {
      pick: (member: BoardMember) => void picked.set(member.id, member.name),
      idsIn: (text: string) => [...picked].filter(([, name]) => text.includes(`@${name}`)).map(([id]) => id),
      reset: () => picked.clear(),
    };
  });
  return picks;
}

interface MentionInputProps {
  id: string;
  value?: string;
  onChange?: (value: string) => void;
  onPick: (member: BoardMember) => void;
  placeholder?: string;
  rows?: number;
  'aria-label'?: string;
}

/** A text box where "@" offers the project's members (antd Mentions); a form field's value is its plain text. */
export function MentionInput({ onPick, ...props }: MentionInputProps) {
  const members = useBoardMembers();
  const list = members.data ?? [];
  return (
    <Mentions
      {...props}
      autoSize={{ minRows: props.rows ?? 4, maxRows: 16 }}
      loading={members.isFetching}
      options={list.map((m) => ({ key: String(m.id), value: m.name, label: `${m.name} (${m.email})` }))}
      onSelect={(option) => {
        // The option carries its value (the name inserted after @), not its key.
        const member = list.find((m) => m.name === option.value);
        if (member) onPick(member);
      }}
    />
  );
}
