package io.idbench.common;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/** Files that hold a secret (a token, the admin password): readable by their owner only. */
public final class PrivateFiles {
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private PrivateFiles() {
    }

    /**
     * Makes {@code file} exist with mode 0600 before anything is written to it (created so, never
     * readable by others for a moment); later writes that truncate it keep the mode.
     */
    public static Path ensure(Path file) throws IOException {
        if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            return file;
        }
        if (Files.exists(file)) {
            Files.setPosixFilePermissions(file, OWNER_ONLY);
        } else {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        }
        return file;
    }

    /**
     * Writes {@code text} to {@code file} (mode 0600) through a temporary file moved into place, so that a reader
     * polling for it never sees half of it: the ready files of {@code serve} and {@code keycloak}.
     */
    public static void replace(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(ensure(tmp), text);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
