/** The one download button lives with the UI kit; the forest's gift cards use it too. */
export { DownloadButton } from '../../../components/ui/download-button';
