;;; impulse-mode.el --- Impulse scenes (*.dynamics.json): major mode, eglot server and preview  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1"))
;; Keywords: languages, tools

;;; Commentary:

;; `impulse-mode' edits UIKit Dynamics scenes written as JSON (*.dynamics.json).  It derives from `js-mode'
;; (Emacs 28 has neither `js-json-mode' nor `json-mode'), so highlighting and indentation are JSON's.
;;
;; With eglot, `impulse lsp' checks the scene as you type (diagnostics through flymake), completes keys, enum
;; values and ids, and offers hover, go to definition, rename, quick fixes and formatting:
;;
;;   (require 'impulse-mode)
;;   (add-hook 'impulse-mode-hook #'eglot-ensure)
;;
;; The server gets the language id "dynamics-scene".  Its settings come from `eglot-workspace-configuration',
;; best set in the project's .dir-locals.el:
;;
;;   ((impulse-mode . ((eglot-workspace-configuration
;;                      . (:impulse (:simulate t :rules (:item.unused "off")))))))
;;
;; M-x impulse-preview (C-c C-p) writes the preview player page of the buffer (`impulse preview --format html',
;; unsaved text included: scrubber, play/pause, speed, events, and what makes things move) and opens it in the
;; browser.  A scene with errors is not simulated: its diagnostics are listed in the *impulse preview* buffer,
;; in `compilation-mode' (\[next-error] goes to each).

;;; Code:

(require 'js)
(require 'compile)

(defgroup impulse nil
  "Impulse scenes: UIKit Dynamics in JSON."
  :group 'languages
  :prefix "impulse-")

(defcustom impulse-executable "impulse"
  "The `impulse' executable: a name found on `exec-path' or an absolute file name."
  :type 'string)

(defcustom impulse-preview-open-function #'browse-url-of-file
  "Function called with the file name of a new preview page to show it; nil to only write it."
  :type '(choice (const :tag "Do not open" nil) function))

(defcustom impulse-preview-directory nil
  "Folder for preview pages (nil: a folder under `temporary-file-directory')."
  :type '(choice (const :tag "Temporary folder" nil) directory))

(defvar impulse-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "C-c C-p") #'impulse-preview)
    map)
  "Keymap of `impulse-mode'.")

;;;###autoload
(define-derived-mode impulse-mode js-mode "Impulse"
  "Major mode for Impulse scenes (*.dynamics.json), checked by `impulse lsp' through eglot.

\\{impulse-mode-map}"
  (setq-local js-indent-level 2)
  (setq-local indent-tabs-mode nil))

;; The language id eglot sends: the one `impulse lsp' expects (not "impulse", from the mode's name).
(put 'impulse-mode 'eglot-language-id "dynamics-scene")

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.dynamics\\.json\\'" . impulse-mode))

(defun impulse-eglot-contact (&optional _interactive)
  "The command line of the language server: `impulse-executable' lsp."
  (list impulse-executable "lsp"))

;;;###autoload
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs '(impulse-mode . impulse-eglot-contact)))

(defun impulse--preview-file (buffer)
  "Where the preview page of BUFFER goes."
  (let* ((dir (or impulse-preview-directory
                  (expand-file-name "impulse" temporary-file-directory)))
         (name (if (buffer-file-name buffer)
                   (file-name-nondirectory (buffer-file-name buffer))
                 "scene"))
         (base (replace-regexp-in-string "\\(\\.dynamics\\)?\\.json\\'" "" name)))
    (make-directory dir t)
    (expand-file-name (concat (if (string-empty-p base) "scene" base) ".html") dir)))

(defun impulse--list-diagnostics (log file)
  "Turn the diagnostics `impulse preview' printed into LOG into a `compilation-mode' list for FILE.
The command reads standard input, so its lines start with \"stdin:\"; they are made to name FILE."
  (with-current-buffer log
    (let ((inhibit-read-only t))
      (when file
        (goto-char (point-min))
        (while (re-search-forward "^stdin:\\([0-9]+:[0-9]+: \\)" nil t)
          (replace-match (concat (file-name-nondirectory file) ":\\1") t)))
      (goto-char (point-min))
      (insert (format "impulse preview%s: the scene has errors, nothing was simulated\n\n"
                      (if file (concat " of " (file-name-nondirectory file)) "")))
      (setq default-directory (if file (file-name-directory file) default-directory))
      (compilation-mode)
      (goto-char (point-min)))))

(defun impulse-preview (&optional output)
  "Write the preview player page of the current buffer (unsaved text included) and open it.
With a prefix argument, ask for the OUTPUT file.  Returns the file name, or nil when the scene
has errors (they are listed in the *impulse preview* buffer, in `compilation-mode')."
  (interactive (list (and current-prefix-arg (read-file-name "Write preview page to: "))))
  (let* ((file (expand-file-name (or output (impulse--preview-file (current-buffer)))))
         (log (get-buffer-create "*impulse preview*"))
         (scene buffer-file-name)
         (default-directory (if buffer-file-name (file-name-directory buffer-file-name) default-directory))
         (coding-system-for-write 'utf-8-unix)
         (status (progn
                   (with-current-buffer log
                     (let ((inhibit-read-only t)) (fundamental-mode) (erase-buffer)))
                   (save-restriction
                     (widen)
                     (call-process-region (point-min) (point-max) impulse-executable nil log nil
                                          "preview" "-" "--format" "html" "-o" file)))))
    (cond
     ((eql status 0)
      (when impulse-preview-open-function (funcall impulse-preview-open-function file))
      (message "Impulse preview: %s" file)
      file)
     ((eql status 1)
      (impulse--list-diagnostics log scene)
      (display-buffer log)
      (message "Impulse preview: the scene has errors, nothing was simulated (listed in %s)" (buffer-name log))
      nil)
     (t
      (display-buffer log)
      (message "Impulse preview: impulse preview failed (%s)" status)
      nil))))

;; Declared for the byte compiler: eglot and jsonrpc are loaded when a server runs.
(declare-function eglot-current-server "eglot")
(declare-function eglot--TextDocumentIdentifier "eglot")
(declare-function jsonrpc-request "jsonrpc")
(declare-function eglot--signal-textDocument/didChange "eglot")

(defun impulse--generated-code (language)
  "The code `impulse generate LANGUAGE' writes for the current buffer.
Returns (TEXT . TYPE-NAME).  Through the language server's impulse.generate
when eglot runs one for this buffer, else through `impulse-executable' with
the buffer's text on standard input.  Signals a `user-error' with the reason
when the scene has errors."
  (let ((server (and (fboundp 'eglot-current-server) (eglot-current-server))))
    (if server
        (condition-case err
            (let ((result (progn
                            ;; The server must have the unsaved text first.
                            (when (fboundp 'eglot--signal-textDocument/didChange)
                              (eglot--signal-textDocument/didChange))
                            (jsonrpc-request
                           server :workspace/executeCommand
                           (list :command "impulse.generate"
                                 :arguments (vector (plist-get (eglot--TextDocumentIdentifier) :uri)
                                                    language))))))
              (cons (plist-get result :text) (plist-get result :typeName)))
          (jsonrpc-error
           (user-error "impulse-generate: %s" (or (alist-get 'jsonrpc-error-message (cdr err))
                                                   (error-message-string err)))))
      (let ((errors (make-temp-file "impulse-generate"))
            (text (save-restriction (widen) (buffer-substring-no-properties (point-min) (point-max))))
            (default-directory (if buffer-file-name (file-name-directory buffer-file-name) default-directory))
            (coding-system-for-write 'utf-8-unix)
            (coding-system-for-read 'utf-8-unix))
        (unwind-protect
            (with-temp-buffer
              (insert text)
              (let ((status (call-process-region (point-min) (point-max) impulse-executable t (list t errors) nil
                                                 "generate" language "-")))
                (unless (eql status 0)
                  (user-error "impulse-generate: %s"
                              (with-temp-buffer (insert-file-contents errors) (string-trim (buffer-string)))))
                (cons (buffer-string) nil)))
          (delete-file errors))))))

(defun impulse-generate (language)
  "Open the UIKit code of the current buffer's scene in a new buffer.
The unsaved text counts.  LANGUAGE is \"swift\" or \"objc\" (the header and
the implementation, each headed by its file name).  Returns the new buffer;
a scene with errors generates nothing (a `user-error')."
  (interactive (list (completing-read "Generate (swift or objc): " '("swift" "objc") nil t nil nil "swift")))
  (unless (member language '("swift" "objc"))
    (user-error "impulse-generate: the language is swift or objc, not %s" language))
  (let* ((code (impulse--generated-code language))
         (buffer (generate-new-buffer
                  (format "*%s%s*" (or (cdr code) "generated") (if (equal language "swift") ".swift" ".m")))))
    (with-current-buffer buffer
      (insert (car code))
      (goto-char (point-min))
      (cond ((and (equal language "swift") (fboundp 'swift-mode)) (swift-mode))
            ((equal language "objc") (objc-mode))
            (t (prog-mode)))
      (set-buffer-modified-p nil))
    (pop-to-buffer buffer)
    buffer))

(provide 'impulse-mode)
;;; impulse-mode.el ends here
