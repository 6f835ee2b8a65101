// The Objective-C stand-in of UIKit Dynamics on GNUstep's Foundation, for tests only: the classes of
// `UIKit/UIKit.h`, whose objects record what generated code does, and the recording of `Recording.h`.
//
// It records exactly what the Swift stand-in records (`Tests/UIKitStandIn/*.swift`) and turns it back into a scene
// by the same rules: every `addBehavior:` takes a snapshot of the behavior in the scene's keys (an item's state is
// taken when a behavior first brings it into the animator, as UIKit reads it then); a property assigned while the
// behavior is in the animator is a `set` (consecutive assignments to one behavior within one event or display frame
// make one `set`); `removeBehavior:` is a `remove`. Through the display link, every frame's writes are events at
// the frame's time, and the harness replays the original preview's contacts into the collision delegates.
//
// Written for manual reference counting and GCC's fragile Objective-C ABI, the only ones Debian's GNUstep runtime
// runs (README, "Generated Objective-C on Linux"): storage is in the header's instance variables, accessors are
// written out, and blocks are made objects ("Blocks as objects" below).

#import "Recording.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Every initializer of a class goes through one private initializer that keeps what the construction means in the
// scene's keys, which is not the designated-initializer chain that UIKit's headers declare.
#pragma clang diagnostic ignored "-Wobjc-designated-initializers"

// MARK: The recording

/// An entry: a behavior added (`snapshot` its members), a property set (`key`, `value`), or a behavior removed.
@interface ImpulseEntry : NSObject {
  @public
    NSInteger kind;  // 0 add, 1 set, 2 remove
    UIDynamicBehavior *behavior;
    NSArray *snapshot;
    NSString *key;
    NSString *value;
    NSNumber *time;  // nil before the timeline
    NSInteger group;
}
@end

@implementation ImpulseEntry
@end

static CFTimeInterval mediaTime = 0;
static NSMutableArray *links;
static NSMutableArray *animators;
/// The items in scene order, their ids, and their states once a behavior brought them in (NSNull before).
static NSMutableArray *orderItems;
static NSMutableArray *orderIds;
static NSMutableArray *itemStates;
static BOOL hasReferenceSize = NO;
static CGSize referenceSize;
static NSMutableArray *entries;
static NSNumber *currentTime;
static NSInteger group = 0;
static NSInteger behaviorCount = 0;
static NSMutableArray *problems;
static NSMutableDictionary *contacts;
static NSInteger frame = -1;  // -1: the timeline is not played
static NSMutableIndexSet *writtenFrames;
/// The angle given to `CGAffineTransformMakeRotation` for each transform it made, so that the recording reads back
/// the exact angle.
static NSMutableDictionary *rotationAngles;

static void problem(NSString *text) { [problems addObject:text]; }

// MARK: JSON text, written the way the scene format reads it back exactly

static NSString *JSONNumber(double n) {
    if (n == 0) return @"0";
    return [NSString stringWithFormat:@"%.17g", n];
}

static NSString *JSONString(NSString *s) {
    NSMutableString *out = [NSMutableString stringWithString:@"\""];
    for (NSUInteger i = 0; i < s.length; i++) {
        unichar c = [s characterAtIndex:i];
        if (c == '"') [out appendString:@"\\\""];
        else if (c == '\\') [out appendString:@"\\\\"];
        else if (c < 0x20) [out appendFormat:@"\\u%04x", c];
        else [out appendFormat:@"%C", c];
    }
    [out appendString:@"\""];
    return out;
}

static NSString *JSONBool(BOOL b) { return b ? @"true" : @"false"; }
static NSString *JSONPair(double a, double b) {
    return [NSString stringWithFormat:@"[%@, %@]", JSONNumber(a), JSONNumber(b)];
}
static NSString *JSONPoint(CGPoint p) { return JSONPair(p.x, p.y); }
static NSString *JSONArray(NSArray *texts) {
    return [NSString stringWithFormat:@"[%@]", [texts componentsJoinedByString:@", "]];
}
/// An object from members, each an array of a key and a value's text.
static NSString *JSONObject(NSArray *members) {
    NSMutableArray *parts = [NSMutableArray array];
    for (NSArray *member in members) {
        [parts addObject:[NSString stringWithFormat:@"%@: %@", JSONString([member objectAtIndex:0]),
                                   [member objectAtIndex:1]]];
    }
    return [NSString stringWithFormat:@"{%@}", [parts componentsJoinedByString:@", "]];
}
static NSArray *Member(NSString *key, NSString *value) { return [NSArray arrayWithObjects:key, value, nil]; }

static NSString *TransformKey(CGAffineTransform t) {
    return [NSString stringWithFormat:@"%a %a %a %a %a %a", t.a, t.b, t.c, t.d, t.tx, t.ty];
}

static NSUInteger IndexOfItem(id item) {
    for (NSUInteger i = 0; i < orderItems.count; i++) {
        if ([orderItems objectAtIndex:i] == item) return i;
    }
    return NSNotFound;
}

static NSString *ItemId(id item) {
    NSUInteger index = IndexOfItem(item);
    if (index == NSNotFound) {
        problem(@"an item that the test did not name");
        return JSONString(@"?");
    }
    return JSONString([orderIds objectAtIndex:index]);
}

static NSString *ItemIds(NSArray *items) {
    NSMutableArray *texts = [NSMutableArray array];
    for (id item in items) [texts addObject:ItemId(item)];
    return JSONArray(texts);
}

static NSString *BoundaryId(id identifier) {
    if (![identifier isKindOfClass:[NSString class]]) {
        problem(@"a boundary identifier that is not a string");
        return JSONString(@"?");
    }
    return JSONString(identifier);
}

static NSNumber *RotationAngle(CGAffineTransform t) { return [rotationAngles objectForKey:TransformKey(t)]; }

/// The point `point` of the reference view in an item's own frame (from its center, unrotated), from the item's
/// state now, as UIKit's factories compute it.
static NSString *OffsetOfPoint(CGPoint point, id<UIDynamicItem> item) {
    double dx = (double)point.x - (double)item.center.x;
    double dy = (double)point.y - (double)item.center.y;
    NSNumber *known = RotationAngle(item.transform);
    double angle = known != nil ? known.doubleValue : 0;
    if (angle == 0) return JSONPair(dx, dy);
    double c = cos(angle);
    double s = sin(angle);
    return JSONPair(c * dx + s * dy, -s * dx + c * dy);
}

static NSString *ColorHex(UIColor *color);
static NSArray *PathPoints(UIBezierPath *path);
static BOOL PathClosed(UIBezierPath *path);

static NSString *StateOfItem(id<UIDynamicItem> item, NSString *identifier) {
    NSMutableArray *members = [NSMutableArray array];
    [members addObject:Member(@"id", JSONString(identifier))];
    [members addObject:Member(@"center", JSONPoint(item.center))];
    [members addObject:Member(@"size", JSONPair(item.bounds.size.width, item.bounds.size.height))];
    CGAffineTransform t = item.transform;
    NSNumber *angle = RotationAngle(t);
    if (angle != nil) {
        [members addObject:Member(@"angle", JSONNumber(angle.doubleValue))];
    } else if (!(t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1 && t.tx == 0 && t.ty == 0)) {
        problem([NSString stringWithFormat:@"%@: a transform that is not a rotation", identifier]);
    }
    if ([(id)item isKindOfClass:[UIView class]] && ((UIView *)item).backgroundColor != nil) {
        [members addObject:Member(@"color", JSONString(ColorHex(((UIView *)item).backgroundColor)))];
    }
    UIDynamicItemCollisionBoundsType type = UIDynamicItemCollisionBoundsTypeRectangle;
    if ([(id)item respondsToSelector:@selector(collisionBoundsType)]) type = item.collisionBoundsType;
    if (type == UIDynamicItemCollisionBoundsTypeEllipse) {
        [members addObject:Member(@"collisionBounds", JSONString(@"ellipse"))];
    } else if (type == UIDynamicItemCollisionBoundsTypePath) {
        UIBezierPath *path = item.collisionBoundingPath;
        if (!PathClosed(path)) problem([NSString stringWithFormat:@"%@: an open collisionBoundingPath", identifier]);
        NSMutableArray *points = [NSMutableArray array];
        for (NSValue *point in PathPoints(path)) [points addObject:JSONPoint(point.CGPointValue)];
        [members addObject:Member(@"collisionBounds", JSONObject(@[Member(@"path", JSONArray(points))]))];
    }
    return JSONObject(members);
}

static void NoteItemsJoining(NSArray *items) {
    for (id item in items) {
        NSUInteger index = IndexOfItem(item);
        if (index == NSNotFound) {
            problem(@"an item that the test did not name");
        } else if ([itemStates objectAtIndex:index] == [NSNull null]) {
            [itemStates replaceObjectAtIndex:index withObject:StateOfItem(item, [orderIds objectAtIndex:index])];
        }
    }
}

static void NoteWrite(void) {
    if (frame >= 0) [writtenFrames addIndex:(NSUInteger)frame];
}

static ImpulseEntry *NewEntry(NSInteger kind, UIDynamicBehavior *behavior) {
    ImpulseEntry *entry = [[ImpulseEntry alloc] init];
    entry->kind = kind;
    entry->behavior = [behavior retain];
    entry->time = [currentTime retain];
    entry->group = group;
    [entries addObject:entry];
    [entry release];
    NoteWrite();
    return entry;
}

// MARK: Blocks as objects

// On GCC's runtime GNUstep's blocks are not objects: a block's `isa` is `_NSConcreteStackBlock` (or
// `_NSConcreteGlobalBlock`, which GNUstep does not even define), storage that is no class, so `[block copy]` (what a
// synthesized `copy` property of block type sends) crashes. The stand-in defines both symbols itself (the program's
// definitions take the place of GNUstep's, whose `_Block_copy` keeps the `isa`), and makes each a copy of the class
// structure of `ImpulseBlock`, whose `copy`, `retain` and `release` are the blocks runtime's. A GCC class structure
// is 13 words (libobjc's `module-abi-8.h`).
void *_NSConcreteStackBlock[16];
void *_NSConcreteGlobalBlock[16];

// GNUstep's `_Block_copy` compares a block's `isa` with its own `_NSConcreteStackBlock`, not the program's, so it
// takes every block for one already on the heap and returns it as it is: a block kept after the function that made
// it returns (an `action`, a gesture's block) would then run from a dead stack frame. The program's `_Block_copy` and
// `_Block_release` take the place of GNUstep's and do what the blocks ABI says (clang's "Block Implementation
// Specification"): a stack block is copied to the heap with its copy helper (which copies the `__block` variables
// and retains the objects it holds through GNUstep's `_Block_object_assign`), a heap block counts its references,
// a global block is left alone.
struct ImpulseBlockLayout {
    void *isa;
    int flags;
    int reserved;
    void (*invoke)(void);
    struct {
        unsigned long reserved;
        unsigned long size;
        void (*copy)(void *destination, const void *source);
        void (*dispose)(const void *block);
    } *descriptor;
};
enum {
    ImpulseBlockRefcountMask = 0xfffe,
    ImpulseBlockNeedsFree = 1 << 24,
    ImpulseBlockHasCopyDispose = 1 << 25,
    ImpulseBlockIsGlobal = 1 << 28,
};

void *_Block_copy(const void *source) {
    struct ImpulseBlockLayout *block = (struct ImpulseBlockLayout *)source;
    if (block == NULL || (block->flags & ImpulseBlockIsGlobal)) return block;
    if (block->flags & ImpulseBlockNeedsFree) {
        block->flags += 2;
        return block;
    }
    struct ImpulseBlockLayout *copy = malloc(block->descriptor->size);
    memcpy(copy, block, block->descriptor->size);
    copy->flags = (copy->flags & ~ImpulseBlockRefcountMask) | ImpulseBlockNeedsFree | 2;
    if (block->flags & ImpulseBlockHasCopyDispose) block->descriptor->copy(copy, block);
    return copy;
}

void _Block_release(const void *source) {
    struct ImpulseBlockLayout *block = (struct ImpulseBlockLayout *)source;
    if (block == NULL || !(block->flags & ImpulseBlockNeedsFree)) return;
    block->flags -= 2;
    if ((block->flags & ImpulseBlockRefcountMask) != 0) return;
    if (block->flags & ImpulseBlockHasCopyDispose) block->descriptor->dispose(block);
    free(block);
}

@interface ImpulseBlock : NSObject
@end

@implementation ImpulseBlock
- (id)copy { return _Block_copy(self); }
- (id)copyWithZone:(NSZone *)zone {
    (void)zone;
    return _Block_copy(self);
}
- (id)retain { return _Block_copy(self); }
- (oneway void)release { _Block_release(self); }
- (id)autorelease { return self; }
@end

static void MakeBlocksObjects(void) {
    static BOOL done = NO;
    if (done) return;
    done = YES;
    Class block = [ImpulseBlock class];  // initialized: its method table is in place
    memcpy(_NSConcreteStackBlock, (void *)block, 13 * sizeof(void *));
    memcpy(_NSConcreteGlobalBlock, (void *)block, 13 * sizeof(void *));
}

// MARK: Harness API

void ImpulseRecordingReset(void) {
    MakeBlocksObjects();
    mediaTime = 0;
    links = [[NSMutableArray alloc] init];
    animators = [[NSMutableArray alloc] init];
    orderItems = [[NSMutableArray alloc] init];
    orderIds = [[NSMutableArray alloc] init];
    itemStates = [[NSMutableArray alloc] init];
    hasReferenceSize = NO;
    entries = [[NSMutableArray alloc] init];
    currentTime = nil;
    group = 0;
    behaviorCount = 0;
    problems = [[NSMutableArray alloc] init];
    contacts = [[NSMutableDictionary alloc] init];
    frame = -1;
    writtenFrames = [[NSMutableIndexSet alloc] init];
    if (rotationAngles == nil) rotationAngles = [[NSMutableDictionary alloc] init];
}

void ImpulseRecordingName(id<UIDynamicItem> item, NSString *identifier) {
    [orderItems addObject:item];
    [orderIds addObject:identifier];
    [itemStates addObject:[NSNull null]];
}

void ImpulseRecordingBeginEvent(double time) {
    currentTime = [[NSNumber alloc] initWithDouble:time];
    group += 1;
}

void ImpulseRecordingBeginTimeline(void) {
    mediaTime = 0;
    currentTime = [[NSNumber alloc] initWithDouble:0];
    frame = 0;
    group += 1;
}

static NSString *FromHex(NSString *hex) {
    NSMutableData *data = [NSMutableData data];
    for (NSUInteger i = 0; i + 1 < hex.length; i += 2) {
        unsigned byte = 0;
        sscanf([[hex substringWithRange:NSMakeRange(i, 2)] UTF8String], "%02x", &byte);
        unsigned char c = (unsigned char)byte;
        [data appendBytes:&c length:1];
    }
    return [[[NSString alloc] initWithData:data encoding:NSUTF8StringEncoding] autorelease];
}

BOOL ImpulseRecordingLoadContacts(NSString *lines) {
    for (NSString *line in [lines componentsSeparatedByString:@"\n"]) {
        if (line.length == 0) continue;
        NSArray *fields = [line componentsSeparatedByString:@" "];
        if (fields.count != 5) return NO;
        NSNumber *at = [NSNumber numberWithInteger:[[fields objectAtIndex:0] integerValue]];
        NSString *type = [[fields objectAtIndex:1] isEqual:@"1"] ? @"contactEnded" : @"contactBegan";
        NSString *kind = [fields objectAtIndex:3];
        NSDictionary *with = [kind isEqual:@"item"]
            ? [NSDictionary dictionaryWithObject:FromHex([fields objectAtIndex:4]) forKey:@"item"]
            : [kind isEqual:@"boundary"]
                ? [NSDictionary dictionaryWithObject:FromHex([fields objectAtIndex:4]) forKey:@"boundary"]
                : [NSDictionary dictionary];
        NSDictionary *event = [NSDictionary dictionaryWithObjectsAndKeys:type, @"type",
                                                                         FromHex([fields objectAtIndex:2]), @"item",
                                                                         with, @"with", nil];
        NSMutableArray *list = [contacts objectForKey:at];
        if (list == nil) {
            list = [NSMutableArray array];
            [contacts setObject:list forKey:at];
        }
        [list addObject:event];
    }
    return YES;
}

static id NamedItem(NSString *identifier) {
    for (NSUInteger i = 0; i < orderIds.count; i++) {
        if ([[orderIds objectAtIndex:i] isEqualToString:identifier]) return [orderItems objectAtIndex:i];
    }
    return nil;
}

/// Calls the collision delegate of the first collision behavior in the animator that holds the contact's item (and
/// its partner item), as the animator's step would.
static void Deliver(NSDictionary *contact) {
    NSString *itemId = [contact objectForKey:@"item"];
    NSDictionary *with = [contact objectForKey:@"with"];
    id item = NamedItem(itemId);
    if (item == nil) {
        problem([NSString stringWithFormat:@"a contact of an unknown item %@", itemId]);
        return;
    }
    NSString *partnerId = [with objectForKey:@"item"];
    id partner = partnerId != nil ? NamedItem(partnerId) : nil;
    if (partnerId != nil && partner == nil) {
        problem([NSString stringWithFormat:@"a contact with an unknown item %@", partnerId]);
        return;
    }
    id boundary = [with objectForKey:@"boundary"];
    UICollisionBehavior *collision = nil;
    for (UIDynamicAnimator *animator in animators) {
        for (UIDynamicBehavior *behavior in animator->_behaviors) {
            if (collision != nil || ![behavior isKindOfClass:[UICollisionBehavior class]]) continue;
            NSArray *items = ((UICollisionBehavior *)behavior).items;
            if ([items indexOfObjectIdenticalTo:item] == NSNotFound) continue;
            if (partner != nil && [items indexOfObjectIdenticalTo:partner] == NSNotFound) continue;
            collision = (UICollisionBehavior *)behavior;
        }
    }
    if (collision == nil) {
        problem([NSString stringWithFormat:@"a contact of %@ that no collision behavior in the animator holds", itemId]);
        return;
    }
    id delegate = collision.collisionDelegate;
    if (delegate == nil) return;
    BOOL ended = [[contact objectForKey:@"type"] isEqual:@"contactEnded"];
    if (partner != nil && !ended) {
        if ([delegate respondsToSelector:@selector(collisionBehavior:beganContactForItem:withItem:atPoint:)]) {
            [delegate collisionBehavior:collision beganContactForItem:item withItem:partner atPoint:CGPointMake(0, 0)];
        }
    } else if (partner != nil) {
        if ([delegate respondsToSelector:@selector(collisionBehavior:endedContactForItem:withItem:)]) {
            [delegate collisionBehavior:collision endedContactForItem:item withItem:partner];
        }
    } else if (!ended) {
        if ([delegate respondsToSelector:@selector(collisionBehavior:
                                                 beganContactForItem:withBoundaryIdentifier:atPoint:)]) {
            [delegate collisionBehavior:collision
                    beganContactForItem:item
                 withBoundaryIdentifier:boundary
                                atPoint:CGPointMake(0, 0)];
        }
    } else {
        if ([delegate respondsToSelector:@selector(collisionBehavior:endedContactForItem:withBoundaryIdentifier:)]) {
            [delegate collisionBehavior:collision endedContactForItem:item withBoundaryIdentifier:boundary];
        }
    }
}

void ImpulseRecordingRunDisplayLinks(NSInteger frames, double frameRate) {
    for (NSInteger f = 1; f <= frames; f++) {
        frame = f;
        mediaTime = (double)f / frameRate;
        currentTime = [[NSNumber alloc] initWithDouble:mediaTime];
        group += 1;
        NSArray *now = [[links copy] autorelease];
        for (CADisplayLink *link in now) {
            if (!link->_scheduled || link->_paused) continue;
            link->_timestamp = mediaTime;
            [link->_target performSelector:link->_selector withObject:link];
        }
        for (NSDictionary *contact in [contacts objectForKey:[NSNumber numberWithInteger:f]]) Deliver(contact);
    }
}

NSString *ImpulseRecordingWrittenFrames(void) {
    NSMutableArray *lines = [NSMutableArray array];
    for (NSUInteger f = writtenFrames.firstIndex; f != NSNotFound; f = [writtenFrames indexGreaterThanIndex:f]) {
        [lines addObject:[NSString stringWithFormat:@"%lu", (unsigned long)f]];
    }
    return [lines componentsJoinedByString:@"\n"];
}

@interface UIDynamicBehavior (ImpulseRecording)
- (NSArray *)impulseItems;
- (NSArray *)impulseSceneMembers;
- (void)impulseRecord:(NSString *)key value:(NSString *)value;
- (void)impulseRecordItems:(NSArray *)items;
@end

@interface UIDynamicItemBehavior (ImpulseRecording)
- (NSArray *)impulseVelocityMembers;
@end

NSString *ImpulseRecordingScene(NSString *name, NSString *previewJSON, NSString *expectJSON, NSString **problemsOut) {
    if (!hasReferenceSize) problem(@"no UIDynamicAnimator was created");
    NSMutableArray *items = [NSMutableArray array];
    for (NSUInteger i = 0; i < orderItems.count; i++) {
        id state = [itemStates objectAtIndex:i];
        [items addObject:state != [NSNull null] ? state
                                                 : StateOfItem([orderItems objectAtIndex:i], [orderIds objectAtIndex:i])];
    }
    NSMutableArray *behaviors = [NSMutableArray array];
    NSMutableArray *events = [NSMutableArray array];
    NSUInteger index = 0;
    while (index < entries.count) {
        ImpulseEntry *entry = [entries objectAtIndex:index];
        NSString *when = entry->time != nil ? [NSString stringWithFormat:@"\"at\": %@", JSONNumber(entry->time.doubleValue)]
                                            : nil;
        if (entry->kind == 0) {
            NSMutableArray *members = [NSMutableArray arrayWithObject:Member(@"id", JSONString(entry->behavior->_recordedId))];
            [members addObjectsFromArray:entry->snapshot];
            if ([entry->behavior isKindOfClass:[UIDynamicItemBehavior class]]) {
                [members addObjectsFromArray:[(UIDynamicItemBehavior *)entry->behavior impulseVelocityMembers]];
            }
            if (when != nil) {
                [events addObject:[NSString stringWithFormat:@"{%@, \"add\": %@}", when, JSONObject(members)]];
            } else {
                [behaviors addObject:JSONObject(members)];
            }
            index += 1;
        } else if (entry->kind == 2) {
            if (when != nil) {
                [events addObject:[NSString stringWithFormat:@"{%@, \"remove\": %@}", when,
                                            JSONString(entry->behavior->_recordedId)]];
            } else {
                problem(@"a behavior removed before the timeline");
            }
            index += 1;
        } else {
            NSMutableArray *keys = [NSMutableArray array];
            NSMutableDictionary *values = [NSMutableDictionary dictionary];
            while (index < entries.count) {
                ImpulseEntry *other = [entries objectAtIndex:index];
                if (other->kind != 1 || other->behavior != entry->behavior || other->group != entry->group) break;
                if ([values objectForKey:other->key] == nil) [keys addObject:other->key];
                [values setObject:other->value forKey:other->key];
                index += 1;
            }
            if (when == nil) {
                problem([NSString stringWithFormat:@"a property of %@ changed after it was added, before the timeline",
                                                   entry->behavior->_recordedId]);
                continue;
            }
            NSMutableArray *members = [NSMutableArray array];
            for (NSString *key in keys) [members addObject:Member(key, [values objectForKey:key])];
            [events addObject:[NSString stringWithFormat:@"{%@, \"set\": %@, \"values\": %@}", when,
                                        JSONString(entry->behavior->_recordedId), JSONObject(members)]];
        }
    }
    NSString *expectMember = expectJSON != nil ? [NSString stringWithFormat:@"\"expect\": %@,\n", expectJSON] : @"";
    *problemsOut = [problems componentsJoinedByString:@"\n"];
    return [NSString stringWithFormat:@"{\"format\": 1, \"name\": %@, \"referenceView\": {\"width\": %@, \"height\": "
                                      @"%@},\n\"items\": [\n%@],\n\"behaviors\": [\n%@],\n\"events\": [\n%@],\n%@"
                                      @"\"preview\": %@}\n",
                                      JSONString(name), JSONNumber(referenceSize.width), JSONNumber(referenceSize.height),
                                      [items componentsJoinedByString:@",\n"], [behaviors componentsJoinedByString:@",\n"],
                                      [events componentsJoinedByString:@",\n"], expectMember, previewJSON];
}

// MARK: CoreGraphics and QuartzCore

const CGPoint CGPointZero = {0, 0};
const CGRect CGRectZero = {{0, 0}, {0, 0}};

CGAffineTransform CGAffineTransformMakeRotation(CGFloat angle) {
    CGAffineTransform t = {cos(angle), sin(angle), -sin(angle), cos(angle), 0, 0};
    if (rotationAngles == nil) rotationAngles = [[NSMutableDictionary alloc] init];
    [rotationAngles setObject:[NSNumber numberWithDouble:angle] forKey:TransformKey(t)];
    return t;
}

CFTimeInterval CACurrentMediaTime(void) { return mediaTime; }

@implementation CADisplayLink

+ (CADisplayLink *)displayLinkWithTarget:(id)target selector:(SEL)sel {
    CADisplayLink *link = [[[CADisplayLink alloc] init] autorelease];
    link->_target = [target retain];
    link->_selector = sel;
    return link;
}

- (void)addToRunLoop:(NSRunLoop *)runloop forMode:(NSRunLoopMode)mode {
    (void)runloop;
    (void)mode;
    if (_invalidated) return;
    _scheduled = YES;
    [links addObject:self];
}

- (void)invalidate {
    _invalidated = YES;
    _scheduled = NO;
}

- (CFTimeInterval)timestamp { return _timestamp; }
- (BOOL)isPaused { return _paused; }
- (void)setPaused:(BOOL)paused { _paused = paused; }

@end

@implementation NSValue (NSValueUIGeometryExtensions)

// GNUstep's own point value (`NSPoint` is two CGFloats, as CGPoint is).
+ (NSValue *)valueWithCGPoint:(CGPoint)point { return [NSValue valueWithPoint:NSMakePoint(point.x, point.y)]; }

- (CGPoint)CGPointValue {
    NSPoint point = [self pointValue];
    return CGPointMake(point.x, point.y);
}

@end

// MARK: Views

@implementation UIColor

+ (UIColor *)colorWithRed:(CGFloat)red green:(CGFloat)green blue:(CGFloat)blue alpha:(CGFloat)alpha {
    UIColor *color = [[[UIColor alloc] init] autorelease];
    color->_red = red;
    color->_green = green;
    color->_blue = blue;
    color->_alpha = alpha;
    return color;
}

@end

/// The color as a scene writes it, `#rrggbb` (each component to the nearest of 256 steps); a color that is not
/// opaque is a problem.
static NSString *ColorHex(UIColor *color) {
    if (color->_alpha != 1) problem(@"a view color that is not opaque");
    CGFloat components[3] = {color->_red, color->_green, color->_blue};
    NSMutableString *text = [NSMutableString stringWithString:@"#"];
    for (int i = 0; i < 3; i++) {
        long byte = lround(fmin(1, fmax(0, (double)components[i])) * 255);
        [text appendFormat:@"%02lx", byte];
    }
    return text;
}

@implementation UIBezierPath

+ (instancetype)bezierPath { return [[[self alloc] init] autorelease]; }

- (instancetype)init {
    self = [super init];
    if (self != nil) _points = [[NSMutableArray alloc] init];
    return self;
}

- (void)moveToPoint:(CGPoint)point {
    [_points removeAllObjects];
    [_points addObject:[NSValue valueWithCGPoint:point]];
}

- (void)addLineToPoint:(CGPoint)point { [_points addObject:[NSValue valueWithCGPoint:point]]; }
- (void)closePath { _closed = YES; }

@end

static NSArray *PathPoints(UIBezierPath *path) { return path->_points; }
static BOOL PathClosed(UIBezierPath *path) { return path->_closed; }

@implementation UIViewController

- (UIView *)view {
    if (_view == nil) {
        _view = [[UIView alloc] initWithFrame:CGRectMake(0, 0, 375, 667)];
        [self viewDidLoad];
    }
    return _view;
}
- (void)setView:(UIView *)view {
    [view retain];
    [_view release];
    _view = view;
}
- (void)viewDidLoad {}
- (void)viewDidAppear:(BOOL)animated { (void)animated; }
- (void)viewDidLayoutSubviews {}

@end

@implementation UIView

- (instancetype)initWithFrame:(CGRect)frame {
    self = [super init];
    if (self != nil) {
        _bounds = CGRectMake(0, 0, frame.size.width, frame.size.height);
        _center = CGPointMake(frame.origin.x + frame.size.width / 2, frame.origin.y + frame.size.height / 2);
        _transform = (CGAffineTransform){1, 0, 0, 1, 0, 0};
    }
    return self;
}

- (nullable instancetype)initWithCoder:(NSCoder *)coder {
    (void)coder;
    return [self initWithFrame:CGRectZero];
}

- (instancetype)init { return [self initWithFrame:CGRectZero]; }

- (CGRect)bounds { return _bounds; }
- (void)setBounds:(CGRect)bounds { _bounds = bounds; }
- (void)addSubview:(UIView *)view {
    if (_subviews == nil) _subviews = [[NSMutableArray alloc] init];
    [_subviews addObject:view];
}
- (NSArray *)subviews { return _subviews != nil ? [NSArray arrayWithArray:_subviews] : [NSArray array]; }
- (void)addGestureRecognizer:(id)gestureRecognizer {
    if (_gestureRecognizers == nil) _gestureRecognizers = [[NSMutableArray alloc] init];
    [_gestureRecognizers addObject:gestureRecognizer];
}
- (NSArray *)gestureRecognizers { return _gestureRecognizers; }
- (CGPoint)center { return _center; }
- (void)setCenter:(CGPoint)center { _center = center; }
- (CGAffineTransform)transform { return _transform; }
- (void)setTransform:(CGAffineTransform)transform { _transform = transform; }
- (UIColor *)backgroundColor { return _backgroundColor; }
- (void)setBackgroundColor:(UIColor *)color {
    [color retain];
    [_backgroundColor release];
    _backgroundColor = color;
}
- (UIDynamicItemCollisionBoundsType)collisionBoundsType { return UIDynamicItemCollisionBoundsTypeRectangle; }
- (UIBezierPath *)collisionBoundingPath { return [UIBezierPath bezierPath]; }

@end

// MARK: Gestures

@implementation UIGestureRecognizer

- (instancetype)initWithTarget:(id)target action:(SEL)action {
    self = [super init];
    if (self == nil) return nil;
    _targets = [[NSMutableArray alloc] init];
    if (target != nil && action != NULL) [self addTarget:target action:action];
    return self;
}

- (instancetype)init { return [self initWithTarget:nil action:NULL]; }

- (void)addTarget:(id)target action:(SEL)action {
    [_targets addObject:@[target, NSStringFromSelector(action)]];
}

- (void)removeTarget:(id)target action:(SEL)action {
    for (NSInteger i = (NSInteger)_targets.count - 1; i >= 0; i--) {
        NSArray *pair = [_targets objectAtIndex:(NSUInteger)i];
        if ((target == nil || [pair objectAtIndex:0] == target)
            && (action == NULL || [[pair objectAtIndex:1] isEqualToString:NSStringFromSelector(action)])) {
            [_targets removeObjectAtIndex:(NSUInteger)i];
        }
    }
}

- (UIGestureRecognizerState)state { return _state; }

/// The location in the reference view (the stand-in's views are all in one coordinate space).
- (CGPoint)locationInView:(UIView *)view {
    (void)view;
    return _location;
}

@end

@implementation UIPanGestureRecognizer
@end

@implementation UITapGestureRecognizer
@end

void ImpulseRecordingSendGesture(UIGestureRecognizer *gesture, UIGestureRecognizerState state, CGPoint location) {
    gesture->_state = state;
    gesture->_location = location;
    for (NSArray *pair in [[gesture->_targets copy] autorelease]) {
        [[pair objectAtIndex:0] performSelector:NSSelectorFromString([pair objectAtIndex:1]) withObject:gesture];
    }
}

// MARK: UIKit Dynamics

@implementation UIDynamicAnimator

- (instancetype)initWithReferenceView:(UIView *)view {
    self = [super init];
    if (self == nil) return nil;
    _referenceView = view;
    _behaviors = [[NSMutableArray alloc] init];
    if (hasReferenceSize) problem(@"a second UIDynamicAnimator");
    [animators addObject:self];
    hasReferenceSize = YES;
    referenceSize = view.bounds.size;
    return self;
}

- (UIView *)referenceView { return _referenceView; }
- (id<UIDynamicAnimatorDelegate>)delegate { return _delegate; }
- (void)setDelegate:(id<UIDynamicAnimatorDelegate>)delegate { _delegate = delegate; }

- (void)addBehavior:(UIDynamicBehavior *)behavior {
    if (behavior->_dynamicAnimator != nil) return;
    [_behaviors addObject:behavior];
    behavior->_dynamicAnimator = self;
    if (behavior->_recordedId == nil) {
        behaviorCount += 1;
        behavior->_recordedId = [[NSString alloc] initWithFormat:@"behavior%ld", (long)behaviorCount];
    }
    NoteItemsJoining([behavior impulseItems]);
    ImpulseEntry *entry = NewEntry(0, behavior);
    entry->snapshot = [[behavior impulseSceneMembers] retain];
}

- (void)removeBehavior:(UIDynamicBehavior *)behavior {
    if (behavior->_dynamicAnimator != self) return;
    [_behaviors removeObjectIdenticalTo:behavior];
    behavior->_dynamicAnimator = nil;
    NewEntry(2, behavior);
}

@end

@implementation UIDynamicBehavior

- (instancetype)init {
    self = [super init];
    if (self != nil) _assigned = [[NSMutableArray alloc] init];
    return self;
}

- (UIDynamicAnimator *)dynamicAnimator { return _dynamicAnimator; }

#if __has_feature(blocks)
- (void (^)(void))action { return _action; }
- (void)setAction:(void (^)(void))action {
    void (^copied)(void) = nil;
    if (action != nil) copied = Block_copy(action);
    if (_action != nil) Block_release(_action);
    _action = copied;
}
#endif

@end

@implementation UIDynamicBehavior (ImpulseRecording)

- (NSArray *)impulseItems { return @[]; }
- (NSArray *)impulseSceneMembers { return @[]; }

/// Records an assignment: part of the behavior before it is added, a `set` event after.
- (void)impulseRecord:(NSString *)key value:(NSString *)value {
    BOOL replaced = NO;
    for (NSUInteger i = 0; i < _assigned.count; i++) {
        if ([[[_assigned objectAtIndex:i] objectAtIndex:0] isEqualToString:key]) {
            [_assigned replaceObjectAtIndex:i withObject:Member(key, value)];
            replaced = YES;
        }
    }
    if (!replaced) [_assigned addObject:Member(key, value)];
    if (_dynamicAnimator != nil) {
        ImpulseEntry *entry = NewEntry(1, self);
        entry->key = [key copy];
        entry->value = [value copy];
    }
}

/// `addItem:` or `removeItem:` while the behavior is in an animator: the items that join are read now.
- (void)impulseRecordItems:(NSArray *)items {
    if (_dynamicAnimator == nil) return;
    NoteItemsJoining(items);
    ImpulseEntry *entry = NewEntry(1, self);
    entry->key = @"items";
    entry->value = [ItemIds(items) retain];
}

@end

/// The assignments after the construction: the members a snapshot adds.
static NSArray *Assigned(UIDynamicBehavior *behavior) { return behavior->_assigned; }

/// `addItem:` for the behaviors with an item list (an item already there stays where it is).
static void AddItem(UIDynamicBehavior *behavior, NSMutableArray *items, id item) {
    if ([items indexOfObjectIdenticalTo:item] != NSNotFound) return;
    [items addObject:item];
    [behavior impulseRecordItems:items];
}

static void RemoveItem(UIDynamicBehavior *behavior, NSMutableArray *items, id item) {
    [items removeObjectIdenticalTo:item];
    [behavior impulseRecordItems:items];
}

@implementation UIGravityBehavior

- (instancetype)initWithItems:(NSArray<id<UIDynamicItem>> *)items {
    self = [super init];
    if (self == nil) return nil;
    _items = [items mutableCopy];
    _gravityDirection = CGVectorMake(0, 1);
    _angle = M_PI / 2;
    _magnitude = 1;
    return self;
}

- (void)addItem:(id<UIDynamicItem>)item { AddItem(self, _items, item); }
- (void)removeItem:(id<UIDynamicItem>)item { RemoveItem(self, _items, item); }
- (NSArray *)items { return [[_items copy] autorelease]; }
- (CGVector)gravityDirection { return _gravityDirection; }
- (void)setGravityDirection:(CGVector)direction {
    _gravityDirection = direction;
    [self impulseRecord:@"direction" value:JSONPair(direction.dx, direction.dy)];
}
- (CGFloat)angle { return _angle; }
- (void)setAngle:(CGFloat)angle {
    _angle = angle;
    [self impulseRecord:@"angle" value:JSONNumber(angle)];
}
- (CGFloat)magnitude { return _magnitude; }
- (void)setMagnitude:(CGFloat)magnitude {
    _magnitude = magnitude;
    [self impulseRecord:@"magnitude" value:JSONNumber(magnitude)];
}
- (void)setAngle:(CGFloat)angle magnitude:(CGFloat)magnitude {
    self.angle = angle;
    self.magnitude = magnitude;
}
- (NSArray *)impulseItems { return _items; }
- (NSArray *)impulseSceneMembers {
    NSMutableArray *members = [NSMutableArray array];
    [members addObject:Member(@"type", JSONString(@"gravity"))];
    [members addObject:Member(@"items", ItemIds(_items))];
    [members addObjectsFromArray:Assigned(self)];
    return members;
}

@end

@implementation UICollisionBehavior

- (instancetype)initWithItems:(NSArray<id<UIDynamicItem>> *)items {
    self = [super init];
    if (self == nil) return nil;
    _items = [items mutableCopy];
    _collisionMode = UICollisionBehaviorModeEverything;
    _boundaries = [[NSMutableArray alloc] init];
    return self;
}

- (void)addItem:(id<UIDynamicItem>)item { AddItem(self, _items, item); }
- (void)removeItem:(id<UIDynamicItem>)item { RemoveItem(self, _items, item); }
- (NSArray *)items { return [[_items copy] autorelease]; }
- (UICollisionBehaviorMode)collisionMode { return _collisionMode; }
- (void)setCollisionMode:(UICollisionBehaviorMode)mode {
    _collisionMode = mode;
    NSString *name = mode == UICollisionBehaviorModeItems          ? @"items"
                     : mode == UICollisionBehaviorModeBoundaries   ? @"boundaries"
                     : mode == UICollisionBehaviorModeEverything   ? @"everything"
                                                                   : [NSString stringWithFormat:@"mode %lu",
                                                                                                (unsigned long)mode];
    [self impulseRecord:@"mode" value:JSONString(name)];
}
- (BOOL)translatesReferenceBoundsIntoBoundary { return _translatesReferenceBoundsIntoBoundary; }
- (void)setTranslatesReferenceBoundsIntoBoundary:(BOOL)translates {
    _translatesReferenceBoundsIntoBoundary = translates;
    [self impulseRecord:@"translatesReferenceBoundsIntoBoundary" value:JSONBool(translates)];
}
- (void)setTranslatesReferenceBoundsIntoBoundaryWithInsets:(UIEdgeInsets)insets {
    self.translatesReferenceBoundsIntoBoundary = YES;
    [self impulseRecord:@"insets"
                  value:JSONObject(@[
                      Member(@"top", JSONNumber(insets.top)), Member(@"left", JSONNumber(insets.left)),
                      Member(@"bottom", JSONNumber(insets.bottom)), Member(@"right", JSONNumber(insets.right))
                  ])];
}
- (void)addBoundaryWithIdentifier:(id<NSCopying>)identifier forPath:(UIBezierPath *)bezierPath {
    NSMutableArray *points = [NSMutableArray array];
    for (NSValue *point in bezierPath->_points) [points addObject:JSONPoint(point.CGPointValue)];
    NSMutableArray *members = [NSMutableArray arrayWithObjects:Member(@"id", BoundaryId(identifier)),
                                                               Member(@"path", JSONArray(points)), nil];
    if (!bezierPath->_closed) [members addObject:Member(@"unclosedPath", JSONBool(YES))];
    [_boundaries addObject:JSONObject(members)];
}
- (void)addBoundaryWithIdentifier:(id<NSCopying>)identifier fromPoint:(CGPoint)p1 toPoint:(CGPoint)p2 {
    [_boundaries addObject:JSONObject(@[
        Member(@"id", BoundaryId(identifier)), Member(@"from", JSONPoint(p1)), Member(@"to", JSONPoint(p2))
    ])];
}
/// Forgets the boundary of that id: its recorded object starts with the id.
- (void)removeBoundaryWithIdentifier:(id<NSCopying>)identifier {
    NSString *prefix = [NSString stringWithFormat:@"{%@: %@,", JSONString(@"id"), BoundaryId(identifier)];
    for (NSUInteger index = _boundaries.count; index > 0; index--) {
        if ([[_boundaries objectAtIndex:index - 1] hasPrefix:prefix]) [_boundaries removeObjectAtIndex:index - 1];
    }
}
- (id<UICollisionBehaviorDelegate>)collisionDelegate { return _collisionDelegate; }
- (void)setCollisionDelegate:(id<UICollisionBehaviorDelegate>)delegate { _collisionDelegate = delegate; }
- (NSArray *)impulseItems { return _items; }
- (NSArray *)impulseSceneMembers {
    NSMutableArray *members = [NSMutableArray array];
    [members addObject:Member(@"type", JSONString(@"collision"))];
    [members addObject:Member(@"items", ItemIds(_items))];
    [members addObjectsFromArray:Assigned(self)];
    if (_boundaries.count > 0) [members addObject:Member(@"boundaries", JSONArray(_boundaries))];
    return members;
}

@end

@implementation UIAttachmentBehavior

- (instancetype)initWithConstruction:(NSArray *)construction items:(NSArray *)items anchor:(CGPoint)anchor {
    self = [super init];
    if (self == nil) return nil;
    _construction = [construction retain];
    _items = [items retain];
    _anchorPoint = anchor;
    _attachmentRange = UIFloatRangeMake(-INFINITY, INFINITY);
    return self;
}

- (instancetype)initWithItem:(id<UIDynamicItem>)item
            offsetFromCenter:(UIOffset)offset
            attachedToAnchor:(CGPoint)point {
    return [self initWithConstruction:@[
        Member(@"item", ItemId(item)), Member(@"offset", JSONPair(offset.horizontal, offset.vertical)),
        Member(@"anchor", JSONPoint(point))
    ]
                                items:@[item]
                               anchor:point];
}

- (instancetype)initWithItem:(id<UIDynamicItem>)item1
            offsetFromCenter:(UIOffset)offset1
              attachedToItem:(id<UIDynamicItem>)item2
            offsetFromCenter:(UIOffset)offset2 {
    return [self initWithConstruction:@[
        Member(@"item", ItemId(item1)), Member(@"offset", JSONPair(offset1.horizontal, offset1.vertical)),
        Member(@"attachedTo", ItemId(item2)), Member(@"attachedOffset", JSONPair(offset2.horizontal, offset2.vertical))
    ]
                                items:@[item1, item2]
                               anchor:CGPointMake(0, 0)];
}

+ (instancetype)kind:(NSString *)kind
                item:(id<UIDynamicItem>)item1
      attachedToItem:(id<UIDynamicItem>)item2
              anchor:(CGPoint)point
                axis:(NSString *)axis {
    NSMutableArray *construction = [NSMutableArray arrayWithObjects:Member(@"kind", JSONString(kind)),
                                                                    Member(@"item", ItemId(item1)),
                                                                    Member(@"offset", OffsetOfPoint(point, item1)), nil];
    if (item2 != nil) {
        [construction addObject:Member(@"attachedTo", ItemId(item2))];
        [construction addObject:Member(@"attachedOffset", OffsetOfPoint(point, item2))];
    } else {
        [construction addObject:Member(@"anchor", JSONPoint(point))];
    }
    if (axis != nil) [construction addObject:Member(@"axis", axis)];
    NSArray *items = item2 != nil ? @[item1, item2] : @[item1];
    return [[[self alloc] initWithConstruction:construction items:items anchor:point] autorelease];
}

+ (instancetype)slidingAttachmentWithItem:(id<UIDynamicItem>)item1
                           attachedToItem:(id<UIDynamicItem>)item2
                         attachmentAnchor:(CGPoint)point
                        axisOfTranslation:(CGVector)axis {
    return [self kind:@"sliding" item:item1 attachedToItem:item2 anchor:point axis:JSONPair(axis.dx, axis.dy)];
}

+ (instancetype)slidingAttachmentWithItem:(id<UIDynamicItem>)item
                         attachmentAnchor:(CGPoint)point
                        axisOfTranslation:(CGVector)axis {
    return [self kind:@"sliding" item:item attachedToItem:nil anchor:point axis:JSONPair(axis.dx, axis.dy)];
}

+ (instancetype)limitAttachmentWithItem:(id<UIDynamicItem>)item1
                       offsetFromCenter:(UIOffset)offset1
                         attachedToItem:(id<UIDynamicItem>)item2
                       offsetFromCenter:(UIOffset)offset2 {
    NSArray *construction = @[
        Member(@"kind", JSONString(@"limit")), Member(@"item", ItemId(item1)),
        Member(@"offset", JSONPair(offset1.horizontal, offset1.vertical)), Member(@"attachedTo", ItemId(item2)),
        Member(@"attachedOffset", JSONPair(offset2.horizontal, offset2.vertical))
    ];
    return [[[self alloc] initWithConstruction:construction items:@[item1, item2] anchor:CGPointMake(0, 0)]
        autorelease];
}

+ (instancetype)fixedAttachmentWithItem:(id<UIDynamicItem>)item1
                         attachedToItem:(id<UIDynamicItem>)item2
                       attachmentAnchor:(CGPoint)point {
    return [self kind:@"fixed" item:item1 attachedToItem:item2 anchor:point axis:nil];
}

+ (instancetype)pinAttachmentWithItem:(id<UIDynamicItem>)item1
                       attachedToItem:(id<UIDynamicItem>)item2
                     attachmentAnchor:(CGPoint)point {
    return [self kind:@"pin" item:item1 attachedToItem:item2 anchor:point axis:nil];
}

- (CGPoint)anchorPoint { return _anchorPoint; }
- (void)setAnchorPoint:(CGPoint)point {
    _anchorPoint = point;
    [self impulseRecord:@"anchor" value:JSONPoint(point)];
}
- (CGFloat)length { return _length; }
- (void)setLength:(CGFloat)length {
    _length = length;
    [self impulseRecord:@"length" value:JSONNumber(length)];
}
- (CGFloat)damping { return _damping; }
- (void)setDamping:(CGFloat)damping {
    _damping = damping;
    [self impulseRecord:@"damping" value:JSONNumber(damping)];
}
- (CGFloat)frequency { return _frequency; }
- (void)setFrequency:(CGFloat)frequency {
    _frequency = frequency;
    [self impulseRecord:@"frequency" value:JSONNumber(frequency)];
}
- (CGFloat)frictionTorque { return _frictionTorque; }
- (void)setFrictionTorque:(CGFloat)torque {
    _frictionTorque = torque;
    [self impulseRecord:@"frictionTorque" value:JSONNumber(torque)];
}
- (UIFloatRange)attachmentRange { return _attachmentRange; }
- (void)setAttachmentRange:(UIFloatRange)range {
    _attachmentRange = range;
    [self impulseRecord:@"range" value:JSONPair(range.minimum, range.maximum)];
}
- (NSArray *)impulseItems { return _items; }
- (NSArray *)impulseSceneMembers {
    NSMutableArray *members = [NSMutableArray arrayWithObject:Member(@"type", JSONString(@"attachment"))];
    [members addObjectsFromArray:_construction];
    [members addObjectsFromArray:Assigned(self)];
    return members;
}

@end

@implementation UISnapBehavior

- (instancetype)initWithItem:(id<UIDynamicItem>)item snapToPoint:(CGPoint)point {
    self = [super init];
    if (self == nil) return nil;
    _item = [item retain];
    _point = point;
    _snapPoint = point;
    _damping = 0.5;
    return self;
}

- (CGPoint)snapPoint { return _snapPoint; }
- (void)setSnapPoint:(CGPoint)point {
    _snapPoint = point;
    [self impulseRecord:@"point" value:JSONPoint(point)];
}
- (CGFloat)damping { return _damping; }
- (void)setDamping:(CGFloat)damping {
    _damping = damping;
    [self impulseRecord:@"damping" value:JSONNumber(damping)];
}
- (NSArray *)impulseItems { return @[_item]; }
- (NSArray *)impulseSceneMembers {
    NSMutableArray *members = [NSMutableArray arrayWithObjects:Member(@"type", JSONString(@"snap")),
                                                               Member(@"item", ItemId(_item)),
                                                               Member(@"point", JSONPoint(_point)), nil];
    [members addObjectsFromArray:Assigned(self)];
    return members;
}

@end

@implementation UIPushBehavior

- (instancetype)initWithItems:(NSArray<id<UIDynamicItem>> *)items mode:(UIPushBehaviorMode)mode {
    self = [super init];
    if (self == nil) return nil;
    _items = [items mutableCopy];
    _mode = mode;
    _active = YES;
    _offsets = [[NSMutableArray alloc] init];
    return self;
}

- (void)addItem:(id<UIDynamicItem>)item { AddItem(self, _items, item); }
- (void)removeItem:(id<UIDynamicItem>)item { RemoveItem(self, _items, item); }
- (NSArray *)items { return [[_items copy] autorelease]; }
- (UIPushBehaviorMode)mode { return _mode; }
- (BOOL)active { return _active; }
- (void)setActive:(BOOL)active {
    _active = active;
    [self impulseRecord:@"active" value:JSONBool(active)];
}
- (CGFloat)angle { return _angle; }
- (void)setAngle:(CGFloat)angle {
    _angle = angle;
    [self impulseRecord:@"angle" value:JSONNumber(angle)];
}
- (CGFloat)magnitude { return _magnitude; }
- (void)setMagnitude:(CGFloat)magnitude {
    _magnitude = magnitude;
    [self impulseRecord:@"magnitude" value:JSONNumber(magnitude)];
}
- (CGVector)pushDirection { return _pushDirection; }
- (void)setPushDirection:(CGVector)direction {
    _pushDirection = direction;
    [self impulseRecord:@"direction" value:JSONPair(direction.dx, direction.dy)];
}
- (void)setAngle:(CGFloat)angle magnitude:(CGFloat)magnitude {
    self.angle = angle;
    self.magnitude = magnitude;
}
/// Recorded: the offset given for each item (pairs of the item and the offset's text).
- (void)setTargetOffsetFromCenter:(UIOffset)o forItem:(id<UIDynamicItem>)item {
    for (NSUInteger i = 0; i < _offsets.count; i++) {
        if ([[_offsets objectAtIndex:i] objectAtIndex:0] == item) {
            [_offsets removeObjectAtIndex:i];
            break;
        }
    }
    [_offsets addObject:@[item, JSONPair(o.horizontal, o.vertical)]];
}
- (NSString *)offsetOfItem:(id)item {
    for (NSArray *pair in _offsets) {
        if ([pair objectAtIndex:0] == item) return [pair objectAtIndex:1];
    }
    return nil;
}
- (NSArray *)impulseItems { return _items; }
- (NSArray *)impulseSceneMembers {
    NSMutableArray *members = [NSMutableArray array];
    [members addObject:Member(@"type", JSONString(@"push"))];
    [members addObject:Member(@"items", ItemIds(_items))];
    [members addObject:Member(@"mode", JSONString(_mode == UIPushBehaviorModeContinuous ? @"continuous"
                                                                                          : @"instantaneous"))];
    [members addObjectsFromArray:Assigned(self)];
    NSString *first = _items.count > 0 ? [self offsetOfItem:[_items objectAtIndex:0]] : nil;
    BOOL any = NO;
    BOOL same = YES;
    for (id item in _items) {
        NSString *offset = [self offsetOfItem:item];
        if (offset != nil) any = YES;
        if (!(offset == first || [offset isEqualToString:first])) same = NO;
    }
    if (first != nil) {
        [members addObject:Member(@"offset", first)];
        if (!same) problem(@"a push gives its items different offsets");
    } else if (any) {
        problem(@"a push gives an offset to some of its items only");
    }
    return members;
}

@end

@implementation UIDynamicItemBehavior

- (instancetype)initWithItems:(NSArray<id<UIDynamicItem>> *)items {
    self = [super init];
    if (self == nil) return nil;
    _items = [items mutableCopy];
    _density = 1;
    _allowsRotation = YES;
    _linearVelocities = [[NSMutableArray alloc] init];
    _angularVelocities = [[NSMutableArray alloc] init];
    return self;
}

- (void)addItem:(id<UIDynamicItem>)item { AddItem(self, _items, item); }
- (void)removeItem:(id<UIDynamicItem>)item { RemoveItem(self, _items, item); }
- (NSArray *)items { return [[_items copy] autorelease]; }

#define IMPULSE_NUMBER_PROPERTY(getter, setter, ivar, key)                                                            \
    -(CGFloat)getter { return ivar; }                                                                                 \
    -(void)setter:(CGFloat)value {                                                                                    \
        ivar = value;                                                                                                 \
        [self impulseRecord:key value:JSONNumber(value)];                                                             \
    }
IMPULSE_NUMBER_PROPERTY(elasticity, setElasticity, _elasticity, @"elasticity")
IMPULSE_NUMBER_PROPERTY(friction, setFriction, _friction, @"friction")
IMPULSE_NUMBER_PROPERTY(density, setDensity, _density, @"density")
IMPULSE_NUMBER_PROPERTY(resistance, setResistance, _resistance, @"resistance")
IMPULSE_NUMBER_PROPERTY(angularResistance, setAngularResistance, _angularResistance, @"angularResistance")
IMPULSE_NUMBER_PROPERTY(charge, setCharge, _charge, @"charge")

- (BOOL)isAnchored { return _anchored; }
- (void)setAnchored:(BOOL)anchored {
    _anchored = anchored;
    [self impulseRecord:@"anchored" value:JSONBool(anchored)];
}
- (BOOL)allowsRotation { return _allowsRotation; }
- (void)setAllowsRotation:(BOOL)allows {
    _allowsRotation = allows;
    [self impulseRecord:@"allowsRotation" value:JSONBool(allows)];
}

/// Records a velocity (pairs of the item and the velocity's text), honoured only while the behavior is in an
/// animator (as UIKit does) and only as part of adding it (the scene's velocities are given at once).
static void AddVelocity(UIDynamicItemBehavior *behavior, NSMutableArray *list, id item, NSString *text, NSString *name) {
    if (behavior->_dynamicAnimator == nil) {
        problem([NSString stringWithFormat:@"%@ before the behavior is added: UIKit ignores it", name]);
        return;
    }
    for (NSUInteger i = 0; i < list.count; i++) {
        if ([[list objectAtIndex:i] objectAtIndex:0] == item) {
            [list removeObjectAtIndex:i];
            break;
        }
    }
    [list addObject:@[item, text]];
    ImpulseEntry *last = [entries lastObject];
    if (last == nil || last->kind != 0 || last->behavior != behavior || last->group != group) {
        problem(@"a velocity added apart from adding its behavior");
    }
}

- (void)addLinearVelocity:(CGPoint)velocity forItem:(id<UIDynamicItem>)item {
    AddVelocity(self, _linearVelocities, item, JSONPoint(velocity), @"addLinearVelocity:forItem:");
}

- (void)addAngularVelocity:(CGFloat)velocity forItem:(id<UIDynamicItem>)item {
    AddVelocity(self, _angularVelocities, item, JSONNumber(velocity), @"addAngularVelocity:forItem:");
}

- (NSArray *)impulseItems { return _items; }
- (NSArray *)impulseSceneMembers {
    NSMutableArray *members = [NSMutableArray array];
    [members addObject:Member(@"type", JSONString(@"dynamicItem"))];
    [members addObject:Member(@"items", ItemIds(_items))];
    [members addObjectsFromArray:Assigned(self)];
    return members;
}

/// The velocities added after `addBehavior:`, as the scene's keys (all items must have the same).
static NSArray *VelocityMember(NSArray *items, NSArray *list, NSString *key) {
    NSString *first = nil;
    NSUInteger given = 0;
    BOOL same = YES;
    for (NSUInteger i = 0; i < items.count; i++) {
        NSString *text = nil;
        for (NSArray *pair in list) {
            if ([pair objectAtIndex:0] == [items objectAtIndex:i]) text = [pair objectAtIndex:1];
        }
        if (text != nil) given += 1;
        if (i == 0) first = text;
        if (!(text == first || [text isEqualToString:first])) same = NO;
    }
    if (first != nil) {
        if (!same) problem([NSString stringWithFormat:@"items get different %@s", key]);
        return @[Member(key, first)];
    }
    if (given > 0) problem([NSString stringWithFormat:@"a %@ for some items only", key]);
    return @[];
}

@end

@implementation UIDynamicItemBehavior (ImpulseRecording)

- (NSArray *)impulseVelocityMembers {
    return [VelocityMember(_items, _linearVelocities, @"linearVelocity")
        arrayByAddingObjectsFromArray:VelocityMember(_items, _angularVelocities, @"angularVelocity")];
}

@end

@implementation UIRegion

+ (UIRegion *)infiniteRegion { return [[[UIRegion alloc] init] autorelease]; }

- (instancetype)initWithRadius:(CGFloat)radius {
    self = [super init];
    if (self != nil) {
        _shape = 1;
        _radius = radius;
    }
    return self;
}

- (instancetype)initWithSize:(CGSize)size {
    self = [super init];
    if (self != nil) {
        _shape = 2;
        _size = size;
    }
    return self;
}

@end

@implementation UIFieldBehavior

- (instancetype)initWithConstruction:(NSArray *)construction {
    self = [super init];
    if (self == nil) return nil;
    _construction = [construction retain];
    _items = [[NSMutableArray alloc] init];
    _strength = 1;
    return self;
}

+ (instancetype)field:(NSString *)kind with:(NSArray *)arguments {
    NSArray *construction = [@[Member(@"kind", JSONString(kind))] arrayByAddingObjectsFromArray:arguments];
    return [[[self alloc] initWithConstruction:construction] autorelease];
}

+ (instancetype)dragField { return [self field:@"drag" with:@[]]; }
+ (instancetype)vortexField { return [self field:@"vortex" with:@[]]; }
+ (instancetype)radialGravityFieldWithPosition:(CGPoint)position {
    return [self field:@"radialGravity" with:@[Member(@"position", JSONPoint(position))]];
}
+ (instancetype)linearGravityFieldWithVector:(CGVector)direction {
    return [self field:@"linearGravity" with:@[Member(@"direction", JSONPair(direction.dx, direction.dy))]];
}
+ (instancetype)velocityFieldWithVector:(CGVector)direction {
    return [self field:@"velocity" with:@[Member(@"direction", JSONPair(direction.dx, direction.dy))]];
}
+ (instancetype)noiseFieldWithSmoothness:(CGFloat)smoothness animationSpeed:(CGFloat)speed {
    return [self field:@"noise"
                  with:@[Member(@"smoothness", JSONNumber(smoothness)), Member(@"animationSpeed", JSONNumber(speed))]];
}
+ (instancetype)turbulenceFieldWithSmoothness:(CGFloat)smoothness animationSpeed:(CGFloat)speed {
    return [self field:@"turbulence"
                  with:@[Member(@"smoothness", JSONNumber(smoothness)), Member(@"animationSpeed", JSONNumber(speed))]];
}
+ (instancetype)springField { return [self field:@"spring" with:@[]]; }
+ (instancetype)electricField { return [self field:@"electric" with:@[]]; }
+ (instancetype)magneticField { return [self field:@"magnetic" with:@[]]; }

- (void)addItem:(id<UIDynamicItem>)item { AddItem(self, _items, item); }
- (void)removeItem:(id<UIDynamicItem>)item { RemoveItem(self, _items, item); }
- (NSArray *)items { return [[_items copy] autorelease]; }

- (CGPoint)position { return _position; }
- (void)setPosition:(CGPoint)position {
    _position = position;
    [self impulseRecord:@"position" value:JSONPoint(position)];
}
- (UIRegion *)region { return _region; }
- (void)setRegion:(UIRegion *)region {
    [region retain];
    [_region release];
    _region = region;
    if (region->_shape == 1) {
        [self impulseRecord:@"region" value:JSONObject(@[Member(@"radius", JSONNumber(region->_radius))])];
    } else if (region->_shape == 2) {
        [self impulseRecord:@"region"
                      value:JSONObject(@[Member(@"size", JSONPair(region->_size.width, region->_size.height))])];
    } else {
        problem(@"the infinite region assigned: the scene has no key for it");
    }
}
IMPULSE_NUMBER_PROPERTY(strength, setStrength, _strength, @"strength")
IMPULSE_NUMBER_PROPERTY(falloff, setFalloff, _falloff, @"falloff")
IMPULSE_NUMBER_PROPERTY(minimumRadius, setMinimumRadius, _minimumRadius, @"minimumRadius")
IMPULSE_NUMBER_PROPERTY(smoothness, setSmoothness, _smoothness, @"smoothness")
IMPULSE_NUMBER_PROPERTY(animationSpeed, setAnimationSpeed, _animationSpeed, @"animationSpeed")
- (CGVector)direction { return _direction; }
- (void)setDirection:(CGVector)direction {
    _direction = direction;
    [self impulseRecord:@"direction" value:JSONPair(direction.dx, direction.dy)];
}

- (NSArray *)impulseItems { return _items; }
- (NSArray *)impulseSceneMembers {
    NSMutableArray *members = [NSMutableArray array];
    [members addObject:Member(@"type", JSONString(@"field"))];
    [members addObject:Member(@"items", ItemIds(_items))];
    [members addObjectsFromArray:_construction];
    for (NSArray *assignment in Assigned(self)) {
        BOOL replaced = NO;
        for (NSUInteger i = 0; i < members.count; i++) {
            if ([[[members objectAtIndex:i] objectAtIndex:0] isEqual:[assignment objectAtIndex:0]]) {
                [members replaceObjectAtIndex:i withObject:assignment];
                replaced = YES;
            }
        }
        if (!replaced) [members addObject:assignment];
    }
    return members;
}

@end
