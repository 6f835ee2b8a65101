// The test harness's side of the Objective-C stand-in of UIKit (`UIKit/UIKit.h`, implemented in `UIKit.m`): what the
// stand-in's classes record, and the scene it turns that back into. The same recording as the Swift stand-in's
// (`Tests/UIKitStandIn/Recording.swift`), written out the same way, so that both round trips mean the same thing.
//
// The harness names each item by its scene id, lets the generated code build its animator, then applies the
// timeline, either event by event (`ImpulseRecordingBeginEvent` before each) or through the display link
// (`ImpulseRecordingBeginTimeline`, `ImpulseRecordingRunDisplayLinks`), and asks for the scene.

#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

/// Forgets everything: the next scene starts. The first call also makes blocks objects (`UIKit.m`), so call it before
/// any block is copied.
extern void ImpulseRecordingReset(void);
/// Names an item by its scene id (call in scene order).
extern void ImpulseRecordingName(id<UIDynamicItem> item, NSString *identifier);
/// What follows is the event at `time` (applied directly, not through the display link).
extern void ImpulseRecordingBeginEvent(double time);
/// What follows is the timeline, played through the display link from time 0.
extern void ImpulseRecordingBeginTimeline(void);
/// Reads the contact events of a preview (`impulse preview --format json`) to replay them into the collision
/// delegates after their frames, one a line: the frame, 1 for ended (0 began), the item, and `item ID`,
/// `boundary ID` or `bounds -` (the reference view's bounds), every id in hexadecimal UTF-8 (GNUstep's JSON parser
/// fails on some previews); NO when a line is not such a contact.
extern BOOL ImpulseRecordingLoadContacts(NSString *lines);
/// Fires the display links on the run loop for frames 1…`frames` (frame n at n / `frameRate` seconds), as the run
/// loop would call their targets' selectors, then delivers the frame's contacts.
extern void ImpulseRecordingRunDisplayLinks(NSInteger frames, double frameRate);
/// Sends a gesture to its targets as UIKit would: `state` and `location` (in the reference view) are what the
/// recognizer reports while its targets' actions run.
extern void ImpulseRecordingSendGesture(UIGestureRecognizer *gesture, UIGestureRecognizerState state, CGPoint location);
/// The frames on which the display link wrote something, ascending, one a line.
extern NSString *ImpulseRecordingWrittenFrames(void);
/// The scene the recording stands for (`name`, `previewJSON` and `expectJSON` are copied in, as UIKit has no
/// such thing); `problems` gets what UIKit's API could not have meant as a scene, one a line.
extern NSString *ImpulseRecordingScene(
    NSString *name, NSString *previewJSON, NSString *_Nullable expectJSON, NSString *_Nullable *_Nonnull problems);

NS_ASSUME_NONNULL_END
