import { defineModule } from '../module';
import { fileStoreFromConfig } from './file-store';
import { filesRepository } from './files.repository';
import { filesRoutes } from './files.routes';
import { filesService, type FilesService } from './files.service';

declare module '../module' {
  interface ServiceRegistry {
    files: FilesService;
  }
}

/** Uploaded images: stored once by content, served with long-lived caching. */
export const filesModule = defineModule({
  name: 'files',
  needs: [],
  tables: ['files', 'file_blobs'],
  create: ({ uow, clock, config, db, fileStore }) =>
    filesService({
      uow,
      repo: filesRepository,
      store: fileStore ?? fileStoreFromConfig(config, db),
      clock,
    }),
  routes: [filesRoutes],
});
