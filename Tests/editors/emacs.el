;;; emacs.el --- Batch checks of editors/emacs/impulse-mode.el with eglot and the real `impulse lsp'  -*- lexical-binding: t; -*-
;;
;;   IMPULSE_BIN=… SCENES=dir emacs --batch -Q -l Tests/editors/emacs.el
;;
;; SCENES is a folder with a .git folder (a project root for eglot) holding broken.dynamics.json (an
;; item.unknown error at line 19).  In batch mode `eglot-ensure' does not fire, so `eglot' is called directly.
;; Every wait is bounded; the exit status is the verdict.

(require 'package)
(setq package-directory-list '("/usr/share/emacs/site-lisp/elpa"))
(setq package-user-dir (make-temp-file "impulse-elpa" t))
(package-initialize)

(defvar impulse-test-root (file-name-directory (directory-file-name (file-name-directory load-file-name))))
(defvar impulse-test-repo (file-name-directory (directory-file-name impulse-test-root)))
(defvar impulse-test-bin (or (getenv "IMPULSE_BIN") (error "IMPULSE_BIN is not set")))
(defvar impulse-test-scenes (file-name-as-directory (or (getenv "SCENES") (error "SCENES is not set"))))
(defvar impulse-test-wait (/ (string-to-number (or (getenv "EDITOR_WAIT_MS") "20000")) 1000.0))
(defvar impulse-test-passed 0)
(defvar impulse-test-failed 0)

(add-to-list 'load-path (expand-file-name "editors/emacs" impulse-test-repo))
(require 'eglot)
(require 'impulse-mode)
(setq impulse-executable impulse-test-bin)

(defun impulse-test-log (format-string &rest args)
  (princ (concat (apply #'format format-string args) "\n") #'external-debugging-output))

(defmacro impulse-test (name &rest body)
  "Run BODY as the check NAME; an error in it fails the check."
  (declare (indent 1))
  `(condition-case err
       (progn ,@body
              (setq impulse-test-passed (1+ impulse-test-passed))
              (impulse-test-log "ok     emacs: %s" ,name))
     (error
      (setq impulse-test-failed (1+ impulse-test-failed))
      (impulse-test-log "FAILED emacs: %s: %s" ,name (error-message-string err)))))

(defun impulse-test-wait-for (predicate)
  "Process events until PREDICATE returns non-nil or the wait runs out; return its value."
  (let ((deadline (+ (float-time) impulse-test-wait))
        (value nil))
    (while (and (not (setq value (funcall predicate)))
                (< (float-time) deadline))
      (accept-process-output nil 0.05))
    value))

(defun impulse-test-check (condition format-string &rest args)
  (unless condition (error "%s" (apply #'format format-string args))))

(defvar impulse-test-buffer nil)

;; The project's settings, as the README says to give them: item.unknown, an error by default, turns a warning.
(with-temp-file (expand-file-name ".dir-locals.el" impulse-test-scenes)
  (insert "((impulse-mode . ((eglot-workspace-configuration . (:impulse (:rules (:item.unknown \"warning\")))))))\n"))

(impulse-test "*.dynamics.json opens in impulse-mode, a js-mode"
  (setq impulse-test-buffer (find-file-noselect (expand-file-name "broken.dynamics.json" impulse-test-scenes)))
  (with-current-buffer impulse-test-buffer
    (impulse-test-check (eq major-mode 'impulse-mode) "major mode is %s" major-mode)
    (impulse-test-check (derived-mode-p 'js-mode) "not derived from js-mode")
    (impulse-test-check (= js-indent-level 2) "js-indent-level is %s" js-indent-level)))

(impulse-test "eglot knows the server: impulse lsp, language id dynamics-scene"
  (with-current-buffer impulse-test-buffer
    (let ((guess (eglot--guess-contact)))
      ;; (MANAGED-MODES PROJECT CLASS CONTACT LANGUAGE-ID)
      (impulse-test-check (equal (nth 3 guess) (list impulse-test-bin "lsp")) "contact is %S" (nth 3 guess))
      (impulse-test-check (equal (nth 4 guess) "dynamics-scene") "language id is %S" (nth 4 guess))
      (impulse-test-check (equal (file-name-as-directory (expand-file-name (project-root (nth 1 guess))))
                                 (file-name-as-directory (expand-file-name impulse-test-scenes)))
                          "project root is %S" (nth 1 guess)))))

(impulse-test "eglot starts impulse lsp and manages the buffer"
  (with-current-buffer impulse-test-buffer
    (apply #'eglot (eglot--guess-contact))
    (impulse-test-check (impulse-test-wait-for (lambda () (with-current-buffer impulse-test-buffer (eglot-current-server))))
                        "no eglot server for the buffer within %ss" impulse-test-wait)
    (impulse-test-check (impulse-test-wait-for (lambda () (with-current-buffer impulse-test-buffer eglot--managed-mode)))
                        "the buffer is not managed by eglot")))

(impulse-test "diagnostics arrive through eglot in flymake (item.unknown at line 19)"
  (with-current-buffer impulse-test-buffer
    (let ((found (impulse-test-wait-for
                  (lambda ()
                    (with-current-buffer impulse-test-buffer
                      (when (bound-and-true-p flymake-mode) (flymake-start))
                      (seq-find (lambda (d) (string-match-p "\\[item\\.unknown\\]" (flymake-diagnostic-text d)))
                                (flymake-diagnostics)))))))
      (impulse-test-check found "no item.unknown diagnostic in flymake within %ss; got %S" impulse-test-wait
                          (mapcar #'flymake-diagnostic-text (flymake-diagnostics)))
      (impulse-test-check (string-prefix-p "impulse [item.unknown]: " (flymake-diagnostic-text found))
                          "text is %S" (flymake-diagnostic-text found))
      (impulse-test-check (string-match-p "ghost" (flymake-diagnostic-text found)) "text is %S" (flymake-diagnostic-text found))
      (impulse-test-check (= (line-number-at-pos (flymake-diagnostic-beg found)) 19)
                          "line is %s" (line-number-at-pos (flymake-diagnostic-beg found))))))

(impulse-test "the project's eglot-workspace-configuration reaches the server (item.unknown as a warning)"
  (let ((found (impulse-test-wait-for
                (lambda ()
                  (with-current-buffer impulse-test-buffer
                    (when (bound-and-true-p flymake-mode) (flymake-start))
                    (seq-find (lambda (d) (and (string-match-p "\\[item\\.unknown\\]" (flymake-diagnostic-text d))
                                               (eq (flymake-diagnostic-type d) 'eglot-warning)))
                              (flymake-diagnostics)))))))
    (impulse-test-check found "item.unknown is not a warning: %S"
                        (with-current-buffer impulse-test-buffer
                          (mapcar (lambda (d) (cons (flymake-diagnostic-type d) (flymake-diagnostic-text d))) (flymake-diagnostics))))))

(impulse-test "impulse-preview lists a scene's errors, then writes the page of the unsaved buffer and opens it"
  (with-current-buffer impulse-test-buffer
    (let* ((opened nil)
           (impulse-preview-open-function (lambda (file) (setq opened file)))
           (out (expand-file-name "out/emacs.html" impulse-test-scenes))
           (scene (current-buffer)))
      (make-directory (file-name-directory out) t)
      ;; The file on disk has an error: a preview that read it would fail.
      (impulse-test-check (null (impulse-preview out)) "a scene with errors was previewed")
      (impulse-test-check (null opened) "something was opened for a scene with errors")
      (with-current-buffer "*impulse preview*"
        (impulse-test-check (derived-mode-p 'compilation-mode) "the errors are not in a compilation list (%S)" major-mode)
        (impulse-test-check (save-excursion (goto-char (point-min)) (re-search-forward "^broken\\.dynamics\\.json:19:" nil t))
                            "no entry for line 19: %S" (buffer-string)))
      ;; next-error goes to the error in the scene's buffer.
      (with-current-buffer "*impulse preview*" (goto-char (point-min)))
      (let ((next-error-last-buffer (get-buffer "*impulse preview*")))
        (save-window-excursion
          (next-error)
          (impulse-test-check (eq (current-buffer) scene) "next-error went to %S" (current-buffer))
          (impulse-test-check (= (line-number-at-pos) 19) "next-error went to line %d" (line-number-at-pos))))
      (set-buffer scene)
      (goto-char (point-min))
      (impulse-test-check (re-search-forward "\"ghost\"" nil t) "fixture has no \"ghost\"")
      (replace-match "\"box\"")
      (impulse-test-check (buffer-modified-p) "the buffer should be modified")
      (impulse-test-check (equal (impulse-preview out) out) "no preview written")
      (impulse-test-check (equal opened out) "opened %S" opened)
      (let ((page (with-temp-buffer (insert-file-contents out) (buffer-string))))
        (impulse-test-check (string-match-p "<!DOCTYPE html>" page) "not an HTML page")
        (impulse-test-check (string-match-p "ImpulsePreview\\.mount" page) "the page has no player")
        (impulse-test-check (not (string-match-p "src=\"player\\.js\"" page)) "the page is not self-contained")))))

(impulse-test "impulse-generate opens the Swift and Objective-C of the unsaved buffer, through the server"
  (with-current-buffer impulse-test-buffer
    ;; Fixed in the buffer by the check above, not on disk.
    (let ((swift (impulse-generate "swift")))
      (impulse-test-check (bufferp swift) "no buffer")
      (with-current-buffer swift
        (impulse-test-check (string-match-p "^import UIKit$" (buffer-string)) "not Swift: %s"
                            (buffer-substring (point-min) (min (point-max) 200)))
        (impulse-test-check (string-match-p ": ImpulseDynamics<" (buffer-string)) "no generated class"))
      (kill-buffer swift))
    (let ((objc (with-current-buffer impulse-test-buffer (impulse-generate "objc"))))
      (with-current-buffer objc
        (impulse-test-check (eq major-mode 'objc-mode) "mode %s" major-mode)
        (impulse-test-check (string-match-p "@interface" (buffer-string)) "no header")
        (impulse-test-check (string-match-p "@implementation" (buffer-string)) "no implementation"))
      (kill-buffer objc))
    (impulse-test-check (condition-case nil (progn (impulse-generate "kotlin") nil) (user-error t))
                        "kotlin was accepted")))

(impulse-test "the server shuts down with eglot"
  (with-current-buffer impulse-test-buffer
    (let ((server (eglot-current-server)))
      (impulse-test-check server "no server")
      (set-buffer-modified-p nil)
      (eglot-shutdown server nil impulse-test-wait)
      (impulse-test-check (impulse-test-wait-for (lambda () (not (jsonrpc-running-p server))))
                          "the server is still running"))))

(impulse-test-log "emacs: %d passed, %d failed" impulse-test-passed impulse-test-failed)
(kill-emacs (if (> impulse-test-failed 0) 1 0))
