import { useEffect, useState } from 'react';

const ERROR = '.ant-form-item-explain-error';

/**
 * Issue 31: a form's messages are announced. antd 6 ties a field's message to it (aria-describedby) but puts it in no
 * live region, so a screen reader says nothing when a submit is refused or a field turns invalid. One polite live
 * region for the whole app repeats each message as it appears, in the words (and language) the form shows.
 */
export function FormErrorAnnouncer() {
  const [text, setText] = useState('');
  useEffect(() => {
    // What each message element said when last announced: a new element, or new words in it, are news.
    const said = new WeakMap<Element, string>();
    let frame = 0;
    const look = () => {
      frame = 0;
      const news: string[] = [];
      for (const el of document.querySelectorAll(ERROR)) {
        const words = el.textContent?.trim() ?? '';
        if (words && said.get(el) !== words) news.push(words);
        said.set(el, words);
      }
      if (news.length > 0) setText(news.join(' '));
    };
    // Read once per frame however many changes the frame brought.
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(look);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
  return (
    <div role="status" id="form-errors-live" className="visually-hidden">
      {text}
    </div>
  );
}
