import { useEffect } from 'react';
import { message } from 'antd';
import { setMessageApi } from '../lib/feedback';

/**
 * The signed-out frames' messages through message.useMessage, handed to lib/feedback as the signed-in app's App hands
 * its own: antd's App would bring the modal and notification runtimes along, which these frames never show.
 */
export function MessageHolder() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    setMessageApi(api);
    return () => setMessageApi(null);
  }, [api]);
  return holder;
}
